import { PLANS } from '@rampquote/contracts';
import {
  cardBrandLabel,
  cardExpiry,
  cardName,
  formatDate,
  planMonthlyPrice,
  subscriptionStatusLabel,
} from './billing-format';

describe('billing formats', () => {
  it('shows a card expiry as MM/YY', () => {
    expect(cardExpiry({ exp_month: 4, exp_year: 2031 })).toBe('04/31');
    expect(cardExpiry({ exp_month: 12, exp_year: 2100 })).toBe('12/00');
  });

  it('names cards by network and last 4', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('something-else')).toBe('Card');
    expect(cardName({ brand: 'mastercard', last4: '4444' })).toBe('Mastercard ending in 4444');
  });

  it('shows plan prices per month with two decimals in USD', () => {
    expect(planMonthlyPrice(PLANS['entry-level'])).toBe('$19.00');
    expect(planMonthlyPrice({ priceCents: 123456 })).toBe('$1,234.56');
  });

  it('shows dates as MM/dd/yyyy', () => {
    expect(formatDate('2026-08-15T12:00:00.000Z')).toBe('08/15/2026');
  });

  it('labels subscription statuses', () => {
    expect(subscriptionStatusLabel('active')).toBe('Active');
    expect(subscriptionStatusLabel('past_due')).toBe('Past due');
  });
});
