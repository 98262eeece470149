import type { EstimatePageAirport } from '@rampquote/contracts';

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,234.50' from cents (spec section 9: USD, two decimals). */
export const formatUsdCents = (cents: number) => USD.format(cents / 100);

/** '$1,234.50' from dollars. */
export const formatUsd = (dollars: number) => USD.format(dollars);

/** 'May 1, 2030, 12:00 PM' in the reader's time zone, or 'Not specified'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'Not specified';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Not specified';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** 'May 1, 2030' in the reader's time zone, or 'Not specified'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'Not specified';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Not specified';
  return date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** 'KSEA - Seattle-Tacoma International, Seattle, WA', or 'Not specified' (spec section 2). */
export function airportLine(
  airport: (Pick<EstimatePageAirport, 'identifier' | 'name'> & Partial<EstimatePageAirport>) | null | undefined,
): string {
  if (!airport) return 'Not specified';
  const place = [airport.city, airport.state].filter(Boolean).join(', ');
  return [`${airport.identifier} - ${airport.name}`, place].filter(Boolean).join(', ');
}

/** A local calendar date as an <input type="date"> value (yyyy-mm-dd). */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of a local calendar day given as yyyy-mm-dd, or null when the text is not such a date. */
export function endOfLocalDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) || date.getDate() !== Number(match[3]) ? null : date;
}

/** Today plus `days`, as a local calendar date. */
export function localDatePlusDays(days: number, now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}
