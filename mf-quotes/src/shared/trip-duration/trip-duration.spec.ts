import { durationText, minutesAtDestination, tripDurationDays } from './trip-duration';

const at = (iso: string) => new Date(iso).toISOString();

describe('Duration at destination', () => {
  it('shows days and hours, hours and minutes, or minutes', () => {
    expect(durationText(minutesAtDestination(at('2026-06-01T12:00'), at('2026-06-03T15:30'))!)).toBe('2 days 3 hours');
    expect(durationText(24 * 60)).toBe('1 day 0 hours');
    expect(durationText(5 * 60 + 30)).toBe('5 hours 30 minutes');
    expect(durationText(60)).toBe('1 hour 0 minutes');
    expect(durationText(45)).toBe('45 minutes');
    expect(durationText(1)).toBe('1 minute');
  });

  it("says 'Departure must be after arrival' when negative", () => {
    expect(durationText(minutesAtDestination(at('2026-06-03T12:00'), at('2026-06-01T12:00'))!)).toBe(
      'Departure must be after arrival',
    );
  });

  it('has no duration without both dates', () => {
    expect(minutesAtDestination('', at('2026-06-01T12:00'))).toBeNull();
    expect(minutesAtDestination(at('2026-06-01T12:00'), 'not a date')).toBeNull();
  });

  it('counts the trip in days, rounded up', () => {
    expect(tripDurationDays(at('2026-06-01T12:00'), at('2026-06-03T12:00'))).toBe(2);
    expect(tripDurationDays(at('2026-06-01T12:00'), at('2026-06-03T12:15'))).toBe(3);
    expect(tripDurationDays(at('2026-06-01T12:00'), at('2026-06-01T12:15'))).toBe(1);
    expect(tripDurationDays(at('2026-06-02T12:00'), at('2026-06-01T12:00'))).toBeNull();
  });
});
