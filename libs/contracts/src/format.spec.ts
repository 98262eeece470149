import { formatMoney, formatMoneyCents, formatNumber, formatPercent, formatQuantity } from './format';

describe('money and quantities read the same everywhere', () => {
  it('formats dollars and cents with a $ sign, thousands separators and two decimals', () => {
    expect(formatMoney(2088)).toBe('$2,088.00');
    expect(formatMoney(0.5)).toBe('$0.50');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoneyCents(208800)).toBe('$2,088.00');
    expect(formatMoneyCents(123456789)).toBe('$1,234,567.89');
  });

  it('formats quantities with thousands separators and the unit in singular or plural', () => {
    expect(formatQuantity(100000, 'gallon')).toBe('100,000 gallons');
    expect(formatQuantity(1, 'gallon')).toBe('1 gallon');
    expect(formatQuantity(2, 'night')).toBe('2 nights');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatPercent(18.14)).toBe('18.1%');
  });
});
