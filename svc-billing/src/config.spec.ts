import { loadBillingConfig } from './config';

describe('svc-billing config', () => {
  it('starts with no environment at all, on port 4004 and the default exchange', () => {
    expect(loadBillingConfig({})).toMatchObject({ PORT: 4004, EVENTS_EXCHANGE: 'rampquote.events', NODE_ENV: 'development' });
  });
  it('names a bad PORT and requires INTERNAL_SECRET in production', () => {
    expect(() => loadBillingConfig({ PORT: 'x' })).toThrow(/PORT/);
    expect(() => loadBillingConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: required in production/);
  });
});
