import { loadFleetConfig } from './config';

describe('svc-fleet config', () => {
  it('starts with no environment at all, on port 4002 and the default exchange', () => {
    expect(loadFleetConfig({})).toMatchObject({ PORT: 4002, EVENTS_EXCHANGE: 'rampquote.events', NODE_ENV: 'development' });
  });
  it('names a bad PORT and requires INTERNAL_SECRET in production', () => {
    expect(() => loadFleetConfig({ PORT: 'x' })).toThrow(/PORT/);
    expect(() => loadFleetConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: required in production/);
  });
});
