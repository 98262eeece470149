import {
  addPaymentMethodSchema,
  BillingMessages,
  cardBrandOf,
  formatUsd,
  isCardExpired,
  localCardSchemaAt,
  passesLuhn,
  PLAN_IDS,
  PLANS,
  subscriptionPlanSchema,
} from './billing';
import { toFieldErrors } from './validation';

const MAY_2026 = new Date('2026-05-15T12:00:00Z');
const schema = localCardSchemaAt(() => MAY_2026);
const valid = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Amelia Earhart' };
const errorsOf = (body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error);
};

describe('card form rules (spec section 5, plus Luhn and expiry)', () => {
  it('accepts a valid card and parses it without spaces, trimmed', () => {
    expect(schema.parse({ ...valid, name: '  Amelia Earhart ' })).toEqual({
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      name: 'Amelia Earhart',
    });
    expect(schema.parse({ ...valid, number: '5555-5555-5555-4444', cvc: '1234' }).number).toBe('5555555555554444');
  });

  it('gives each field the spec message when empty or missing, in form order', () => {
    expect(errorsOf({ number: '', expiry: '', cvc: '', name: ' ' })).toEqual([
      { field: 'number', message: 'Card number must be at least 16 digits' },
      { field: 'expiry', message: 'Expiry date must be in format MM/YY' },
      { field: 'cvc', message: 'CVC must be at least 3 digits' },
      { field: 'name', message: 'Cardholder name is required' },
    ]);
    expect(errorsOf({}).map((e) => e.message)).toEqual([
      BillingMessages.cardNumberTooShort,
      BillingMessages.expiryFormat,
      BillingMessages.cvcTooShort,
      BillingMessages.nameRequired,
    ]);
  });

  it('refuses 15 digits, letters, 20 digits and a failed Luhn check with one clear message each', () => {
    expect(errorsOf({ ...valid, number: '424242424242424' })).toEqual([
      { field: 'number', message: BillingMessages.cardNumberTooShort },
    ]);
    expect(errorsOf({ ...valid, number: '4242x24242424242' })).toEqual([
      { field: 'number', message: BillingMessages.cardNumberDigits },
    ]);
    expect(errorsOf({ ...valid, number: '4'.repeat(20) })).toEqual([
      { field: 'number', message: BillingMessages.cardNumberTooLong },
    ]);
    expect(errorsOf({ ...valid, number: '4242424242424241' })).toEqual([
      { field: 'number', message: 'Card number is not valid: please check the digits' },
    ]);
  });

  it("wants MM/YY with a real month, and a card not expired at the clock's time", () => {
    for (const expiry of ['1230', '13/30', '00/30', '12/2030', '1/30']) {
      expect(errorsOf({ ...valid, expiry })).toEqual([{ field: 'expiry', message: BillingMessages.expiryFormat }]);
    }
    expect(errorsOf({ ...valid, expiry: '04/26' })).toEqual([{ field: 'expiry', message: 'Card has expired' }]);
    expect(errorsOf({ ...valid, expiry: '05/26' })).toEqual([]);
    expect(isCardExpired({ month: 5, year: 2026 }, new Date('2026-06-01T00:00:00Z'))).toBe(true);
  });

  it('wants a CVC of 3 or 4 digits', () => {
    expect(errorsOf({ ...valid, cvc: '12' })).toEqual([{ field: 'cvc', message: 'CVC must be at least 3 digits' }]);
    expect(errorsOf({ ...valid, cvc: '12345' })).toEqual([{ field: 'cvc', message: BillingMessages.cvcTooLong }]);
    expect(errorsOf({ ...valid, cvc: '12a' })).toEqual([{ field: 'cvc', message: BillingMessages.cvcDigits }]);
  });

  it('knows the networks by prefix and the Luhn checksum', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('3566002020360505')).toBe('jcb');
    expect(cardBrandOf('3056930009020004')).toBe('diners');
    expect(cardBrandOf('6200000000000005')).toBe('unionpay');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
});

describe('plans (spec sections 1, 3 and 9)', () => {
  it('are entry-level, Pro and Enterprise keyed by id, with cents and a 2-decimal USD price', () => {
    expect(Object.keys(PLANS)).toEqual([...PLAN_IDS]);
    for (const id of PLAN_IDS) {
      const plan = PLANS[id];
      expect(plan.id).toBe(id);
      expect(Number.isInteger(plan.priceCents)).toBe(true);
      expect(plan.price).toBe(plan.priceCents / 100);
      expect(plan.displayPrice).toMatch(/^\$\d[\d,]*\.\d{2}$/);
      expect(plan.features.length).toBeGreaterThan(0);
    }
    expect(PLANS.pro).toMatchObject({
      name: 'Pro',
      priceCents: 4900,
      displayPrice: '$49.00',
      currency: 'usd',
      interval: 'month',
    });
    expect(PLANS['entry-level'].limits.monthlyQuoteRequests).toBe(5);
    expect(PLANS.enterprise.limits.monthlyQuoteRequests).toBeNull();
  });

  it('formats cents as US dollars with 2 decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1905)).toBe('$19.05');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });
});

describe('billing bodies', () => {
  it('needs a payment method id; setAsDefault defaults to false', () => {
    expect(addPaymentMethodSchema.parse({ paymentMethodId: ' pm_1 ' })).toEqual({
      paymentMethodId: 'pm_1',
      setAsDefault: false,
    });
    const result = addPaymentMethodSchema.safeParse({});
    expect(result.success ? [] : toFieldErrors(result.error)).toEqual([
      { field: 'paymentMethodId', message: 'Payment method id is required' },
    ]);
  });

  it('takes only the three plan ids', () => {
    expect(subscriptionPlanSchema.parse({ planId: 'pro' })).toEqual({ planId: 'pro' });
    const result = subscriptionPlanSchema.safeParse({ planId: 'gold' });
    expect(result.success ? [] : toFieldErrors(result.error)).toEqual([
      { field: 'planId', message: BillingMessages.planRequired },
    ]);
  });
});
