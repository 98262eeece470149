import { loadAirportsConfig } from './config';

describe('svc-airports config', () => {
  it('starts with no environment at all, on port 4005 and the default exchange', () => {
    expect(loadAirportsConfig({})).toMatchObject({ PORT: 4005, EVENTS_EXCHANGE: 'rampquote.events', NODE_ENV: 'development' });
  });
  it('names a bad PORT and requires INTERNAL_SECRET in production', () => {
    expect(() => loadAirportsConfig({ PORT: 'x' })).toThrow(/PORT/);
    expect(() => loadAirportsConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: required in production/);
  });
});
