import { QuoteRequestMessages } from '@rampquote/contracts';

const MINUTE_MS = 60_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Whole minutes from arrival to departure (negative when departure is first), or null without both. */
export function minutesAtDestination(
  arrival: string | null | undefined,
  departure: string | null | undefined,
): number | null {
  if (!arrival || !departure) return null;
  const a = Date.parse(arrival);
  const d = Date.parse(departure);
  if (Number.isNaN(a) || Number.isNaN(d)) return null;
  return Math.round((d - a) / MINUTE_MS);
}

/**
 * The 'Duration at destination' text (spec section 2): days and hours, hours and minutes, or minutes; the warning
 * 'Departure must be after arrival' when negative.
 */
export function durationText(minutes: number): string {
  if (minutes < 0) return QuoteRequestMessages.departureBeforeArrivalWarning;
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${plural(days, 'day')} ${plural(hours, 'hour')}`;
  if (hours > 0) return `${plural(hours, 'hour')} ${plural(mins, 'minute')}`;
  return plural(mins, 'minute');
}

/** Trip duration: days between arrival and departure, rounded up (spec section 9); null without both or when negative. */
export function tripDurationDays(
  arrival: string | null | undefined,
  departure: string | null | undefined,
): number | null {
  const minutes = minutesAtDestination(arrival, departure);
  if (minutes === null || minutes < 0) return null;
  return Math.ceil(minutes / (24 * 60));
}

export function daysText(days: number): string {
  return plural(days, 'day');
}
