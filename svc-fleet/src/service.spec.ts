import { service } from './service';

describe('svc-fleet description', () => {
  it('starts with no environment at all, on port 4002 and the default exchange', () => {
    expect(service.loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      PORT: 4002,
      EVENTS_EXCHANGE: 'rampquote.events',
      NODE_ENV: 'development',
    });
  });
  it('names a bad PORT and requires GATEWAY_PUBLIC_KEY in production', () => {
    expect(() => service.loadConfig({ NODE_ENV: 'development', PORT: 'x' })).toThrow(/PORT/);
    expect(() => service.loadConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
  });
  it('consumes no event yet, and no longer receives user-registered', () => {
    expect(service.eventBindings).toEqual([]);
    expect(service.retiredEventBindings).toEqual(['user-registered']);
  });
});
