/** Display rules of spec section 9: USD with 2 decimals and a $ sign; long dates with short times. */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** "March 5, 2026 at 12:00 PM"; '' for a missing or unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}

/** A percentage with one decimal ("20.0%"). */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** "1 quote" / "3 quotes" style counts. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
