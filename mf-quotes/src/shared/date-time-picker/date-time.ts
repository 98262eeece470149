/** Date-time picker rules (spec quote-workflow sections 2 and 9). */

/** Picking a day sets this time. */
export const DEFAULT_HOUR = 12;
export const DEFAULT_MINUTE = 0;
/** Hours 0-23. */
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);
/** Minutes in 15-minute steps. */
export const MINUTE_STEPS: readonly number[] = [0, 15, 30, 45];

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a date in the browser's time zone (what a date input shows). */
export function localDateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local day, hour and minute of an ISO date-time, or null when it is empty or not a date. */
export function dateTimeParts(iso: string | null | undefined): { day: string; hour: number; minute: number } | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return { day: localDateKey(date), hour: date.getHours(), minute: date.getMinutes() };
}

/** The ISO date-time of a local day ('YYYY-MM-DD') at hour:minute, or '' for a malformed day. */
export function combineDateTime(day: string, hour: number, minute: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute, 0, 0);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Days before today cannot be chosen. */
export function isPastDay(day: string, now: Date = new Date()): boolean {
  return day < localDateKey(now);
}

/** "Mon, Jun 1, 2026, 12:00 PM" in the browser's locale: long enough to read back on the review page. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export const twoDigits = pad;
