import type { QuoteResponseResultDto } from '@rampquote/contracts';

/** The results view compares FBOs on 500 gallons of fuel and 2 days of hangar, each with its discount (spec section 9). */
export const RESULTS_FUEL_GALLONS = 500;
export const RESULTS_HANGAR_DAYS = 2;

const discounted = (amount: number, discountPercent: number | undefined) => amount * (1 - (discountPercent ?? 0) / 100);

/**
 * The estimated total of a response in dollars: fuel for 500 gallons and hangar for 2 days (each less its discount
 * percent) plus the other service prices. A response without any of those prices is compared on its own total
 * (cents / 100). A declined response has none.
 */
export function estimatedTotal(response: QuoteResponseResultDto): number | null {
  if (response.status === 'declined') return null;
  const s = response.servicesQuoted ?? {};
  let total = 0;
  let priced = false;
  if (s.fuel) {
    total += discounted(s.fuel.price * RESULTS_FUEL_GALLONS, s.fuel.discount);
    priced = true;
  }
  if (s.hangar) {
    total += discounted(s.hangar.dailyRate * RESULTS_HANGAR_DAYS, s.hangar.discount);
    priced = true;
  }
  for (const key of ['cleaning', 'lavatory', 'catering', 'transportation'] as const) {
    const line = s[key];
    if (line) {
      total += line.price;
      priced = true;
    }
  }
  if (priced) return Math.round(total * 100) / 100;
  return response.totalPrice === null ? null : response.totalPrice / 100;
}

/** Responses by ascending estimated total (declined last), and the lowest one ('Lowest Price'). */
export function rankResults(responses: readonly QuoteResponseResultDto[]): {
  ranked: { response: QuoteResponseResultDto; estimate: number | null }[];
  lowestId: string | null;
} {
  const ranked = responses
    .map((response) => ({ response, estimate: estimatedTotal(response) }))
    .sort((a, b) => (a.estimate ?? Number.POSITIVE_INFINITY) - (b.estimate ?? Number.POSITIVE_INFINITY));
  const lowest = ranked.find((r) => r.estimate !== null);
  return { ranked, lowestId: lowest ? lowest.response.id : null };
}

/** "$1,234.50": USD with 2 decimals. */
export function usd(amount: number): string {
  return amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
