import type { QuoteResponseResultDto } from '@rampquote/contracts';
import { estimatedTotal, rankResults, usd } from './results-ranking';

const base = {
  fboId: 'f',
  fbo: { id: 'f', name: 'F', email: 'f@example.com', phone: null, logo: null },
  declined: null,
  respondedAt: '',
  responseTime: '',
  validUntil: null,
  expired: false,
  notes: null,
  pricePerGallon: null,
};
const answer = (
  id: string,
  totalPrice: number | null,
  servicesQuoted: QuoteResponseResultDto['servicesQuoted'],
  status: 'submitted' | 'declined' = 'submitted',
) => ({ ...base, id, status, totalPrice, servicesQuoted }) as QuoteResponseResultDto;

describe('results ranking', () => {
  it('estimates 500 gallons and 2 hangar days with their discounts, plus the other service prices', () => {
    expect(
      estimatedTotal(
        answer('a', 0, {
          fuel: { price: 6, discount: 5 },
          hangar: { dailyRate: 100, discount: 50 },
          cleaning: { price: 80 },
          lavatory: { price: 40 },
          catering: { price: 10 },
          transportation: { price: 5 },
        }),
      ),
    ).toBe(2850 + 100 + 80 + 40 + 10 + 5);
  });

  it('compares a response without those prices on its total (cents to dollars), and a declined one last', () => {
    const { ranked, lowestId } = rankResults([
      answer('declined', null, {}, 'declined'),
      answer('total-only', 12_345, {}),
      answer('fuel', 0, { fuel: { price: 1, discount: 0 } }),
    ]);
    expect(ranked.map((r) => [r.response.id, r.estimate])).toEqual([
      ['total-only', 123.45],
      ['fuel', 500],
      ['declined', null],
    ]);
    expect(lowestId).toBe('total-only');
  });

  it('has no lowest without a priced response', () => {
    expect(rankResults([answer('d', null, {}, 'declined')]).lowestId).toBeNull();
  });

  it('writes dollars with a $ sign and 2 decimals', () => {
    expect(usd(1234.5)).toBe('$1,234.50');
  });
});
