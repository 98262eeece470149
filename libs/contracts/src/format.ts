/**
 * How money and quantities read everywhere (pages, e-mails, PDF): US dollars with a $ sign, thousands separators
 * and two decimals ("$2,088.00"); quantities with thousands separators and their unit ("100,000 gallons").
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 2088 → "$2,088.00", -5 → "-$5.00". */
export function formatMoney(dollars: number): string {
  return usd.format(dollars === 0 ? 0 : dollars);
}

/** 208800 → "$2,088.00". */
export function formatMoneyCents(cents: number): string {
  return formatMoney(Math.round(cents) / 100);
}

/** 100000 → "100,000"; 2.5 → "2.5". */
export function formatNumber(value: number): string {
  return number.format(value);
}

/** 100000 → "100,000 gallons", 1 → "1 gallon"; `many` defaults to `one` + "s". */
export function formatQuantity(value: number, one: string, many = `${one}s`): string {
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

/** A percentage with one decimal ("18.1%"). */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}
