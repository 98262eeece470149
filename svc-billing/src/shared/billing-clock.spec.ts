import { addMonth } from './billing-clock';
import { requestKeyOf } from './request-key';

describe('addMonth', () => {
  it('keeps the day and time, ending on the last day of a shorter month', () => {
    expect(addMonth(new Date('2026-03-15T10:30:00Z')).toISOString()).toBe('2026-04-15T10:30:00.000Z');
    expect(addMonth(new Date('2026-01-31T08:00:00Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonth(new Date('2028-01-31T08:00:00Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonth(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-31T23:59:59.000Z');
  });
});

describe('requestKeyOf', () => {
  it('takes the Idempotency-Key header, or makes a fresh key', () => {
    expect(requestKeyOf('subscribe-click-1')).toBe('subscribe-click-1');
    expect(requestKeyOf(['first', 'second'])).toBe('first');
    expect(requestKeyOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestKeyOf(undefined)).not.toBe(requestKeyOf(undefined));
  });
  it('refuses a key with spaces, control characters or over 200 characters', () => {
    for (const bad of ['has space', 'tab\there', 'x'.repeat(201)]) expect(() => requestKeyOf(bad)).toThrow();
  });
});
