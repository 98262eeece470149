import { EventTypes } from '@rampquote/contracts';
import { service } from './service';

const DEV = { NODE_ENV: 'development' };

describe('svc-identity description', () => {
  it('starts in development mode with no other variable, on port 4001 and the default exchange, closed beta, default support address', () => {
    expect(service.loadConfig(DEV)).toMatchObject({
      PORT: 4001,
      EVENTS_EXCHANGE: 'rampquote.events',
      NODE_ENV: 'development',
      BETA_OPEN: false,
      SUPPORT_EMAIL: 'support@rampquote.dev',
    });
  });
  it('reads BETA_OPEN and SUPPORT_EMAIL', () => {
    expect(service.loadConfig({ ...DEV, BETA_OPEN: 'true', SUPPORT_EMAIL: 'help@rampquote.test' })).toMatchObject({
      BETA_OPEN: true,
      SUPPORT_EMAIL: 'help@rampquote.test',
    });
    expect(service.loadConfig({ ...DEV, BETA_OPEN: '0' })).toMatchObject({ BETA_OPEN: false });
  });
  it('names each bad variable and requires GATEWAY_PUBLIC_KEY in production (also when NODE_ENV is unset)', () => {
    expect(() =>
      service.loadConfig({ ...DEV, PORT: 'x', BETA_OPEN: 'maybe', SUPPORT_EMAIL: 'not an address' }),
    ).toThrow(/PORT: [\s\S]*BETA_OPEN: [\s\S]*SUPPORT_EMAIL: /);
    expect(() => service.loadConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
    expect(() => service.loadConfig({})).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
  });
  it('consumes its own mail events and subscription-changed for the profile', () => {
    expect(service.eventBindings).toEqual([
      EventTypes.betaAccessGranted,
      EventTypes.supportMessageReceived,
      EventTypes.subscriptionChanged,
    ]);
  });
});
