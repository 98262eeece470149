import { EventTypes } from '@rampquote/contracts';
import { newKeyPair, testKeyPair } from '@rampquote/service-kit';
import { service } from './service';

describe('svc-quotes description', () => {
  it('starts in development mode with no other variable: port 4003, the default exchange, the neighbours on their default ports', () => {
    expect(service.loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      PORT: 4003,
      EVENTS_EXCHANGE: 'rampquote.events',
      IDENTITY_URL: 'http://127.0.0.1:4001',
      FLEET_URL: 'http://127.0.0.1:4002',
      AIRPORTS_URL: 'http://127.0.0.1:4005',
      NEIGHBOUR_TIMEOUT_MS: 3000,
      QUOTE_STREAM_HEARTBEAT_MS: 15000,
    });
  });
  it('names a bad PORT or neighbour URL and requires GATEWAY_PUBLIC_KEY in production', () => {
    expect(() => service.loadConfig({ NODE_ENV: 'development', PORT: 'x' })).toThrow(/PORT/);
    expect(() => service.loadConfig({ NODE_ENV: 'development', FLEET_URL: 'not a url' })).toThrow(/FLEET_URL/);
    expect(() => service.loadConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
  });
  it('refuses to start in production without its own key, its link secret, or on the published TEST key', () => {
    const production = { NODE_ENV: 'production', GATEWAY_PUBLIC_KEY: newKeyPair().publicKey };
    expect(() => service.loadConfig(production)).toThrow(/SERVICE_PRIVATE_KEY: required in production/);
    expect(() => service.loadConfig(production)).toThrow(/LINK_SECRET: required in production/);
    const own = { ...production, LINK_SECRET: 'l'.repeat(40) };
    expect(() => service.loadConfig({ ...own, SERVICE_PRIVATE_KEY: testKeyPair('svc-quotes').privateKey })).toThrow(
      /SERVICE_PRIVATE_KEY: is a TEST key published in the repository/,
    );
    const key = newKeyPair().privateKey;
    expect(service.loadConfig({ ...own, SERVICE_PRIVATE_KEY: key }).SERVICE_PRIVATE_KEY).toBe(key);
  });
  it('consumes its own events (requests, answers, bookings, amendments) and subscription-changed for the plan limits', () => {
    expect(service.eventBindings).toEqual([
      EventTypes.quoteSubmitted,
      EventTypes.fboResponded,
      EventTypes.quoteCancelled,
      EventTypes.quoteAccepted,
      EventTypes.bookingConfirmed,
      EventTypes.bookingDeclined,
      EventTypes.quoteRequestAmended,
      EventTypes.subscriptionChanged,
    ]);
  });
});
