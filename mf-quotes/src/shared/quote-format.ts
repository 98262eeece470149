import { formatMoney } from '@rampquote/contracts';

/** Display rules of spec section 9: USD with 2 decimals and a $ sign (one formatter for pages, e-mails and the
 * PDF: libs/contracts' format); long dates with short times. */
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;
// Made on first use, not when the module loads: a browser's first Intl formatter is slow to make (locale data).
const dateTimeFormat = () => (dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }));
const dateOnlyFormat = () => (dateOnly ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));

export const formatUsd = formatMoney;
export { formatPercent, formatQuantity } from '@rampquote/contracts';

/** "March 5, 2026 at 12:00 PM"; '' for a missing or unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnlyFormat().format(date);
}

/** "1 quote" / "3 quotes" style counts. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
