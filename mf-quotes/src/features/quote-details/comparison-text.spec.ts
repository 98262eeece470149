import type { ComparisonCell } from '@rampquote/contracts';
import { cellDetail } from './comparison-text';

const cell = (over: Partial<ComparisonCell>): ComparisonCell => ({
  key: 'fuel',
  status: 'priced',
  unitPrice: 6.25,
  quantity: 500,
  unit: 'gallon',
  total: 3125,
  lowest: false,
  notes: null,
  ...over,
});

describe('cellDetail (a row price at one FBO)', () => {
  it('reads the price per gallon for the requested gallons', () => {
    expect(cellDetail(cell({}))).toBe('$6.25 × 500 gallons');
  });

  it('adds the Fuel Service price once when the FBO priced it too', () => {
    expect(cellDetail(cell({ serviceFee: 50, total: 3175 }))).toBe('$6.25 × 500 gallons + $50.00 fuel service');
  });

  it('says Unavailable or Not priced', () => {
    expect(cellDetail(cell({ status: 'unavailable', unitPrice: null, total: null }))).toBe('Unavailable');
    expect(cellDetail(cell({ status: 'not_priced', unitPrice: null, total: null }))).toBe('Not priced');
  });
});
