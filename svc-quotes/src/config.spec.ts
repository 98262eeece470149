import { loadQuotesConfig } from './config';

describe('svc-quotes config', () => {
  it('starts with no environment at all, on port 4003 and the default exchange', () => {
    expect(loadQuotesConfig({})).toMatchObject({ PORT: 4003, EVENTS_EXCHANGE: 'rampquote.events', NODE_ENV: 'development' });
  });
  it('names a bad PORT and requires INTERNAL_SECRET in production', () => {
    expect(() => loadQuotesConfig({ PORT: 'x' })).toThrow(/PORT/);
    expect(() => loadQuotesConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: required in production/);
  });
});
