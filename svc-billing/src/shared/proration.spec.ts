import { planChange } from './proration';

const period = {
  planId: 'entry-level' as const,
  currentPeriodStart: new Date('2030-03-01T00:00:00Z'),
  currentPeriodEnd: new Date('2030-04-01T00:00:00Z'),
};

describe('planChange (Stripe-style proration in whole cents)', () => {
  it('charges the whole difference at the period start, the prorated one later, nothing at the end', () => {
    expect(planChange(period, 'pro', period.currentPeriodStart)).toEqual({
      planId: 'pro',
      when: 'now',
      amountDueNowCents: 3000,
      effectiveAt: '2030-03-01T00:00:00.000Z',
    });
    // Half of the 31 days left: 2450 for Pro less 950 unused of Entry Level.
    expect(planChange(period, 'pro', new Date('2030-03-16T12:00:00Z')).amountDueNowCents).toBe(1500);
    // 10 of 31 days left: round(19900 * 10/31) - round(1900 * 10/31) = 6419 - 613.
    expect(planChange(period, 'enterprise', new Date('2030-03-22T00:00:00Z')).amountDueNowCents).toBe(5806);
    expect(planChange(period, 'pro', period.currentPeriodEnd).amountDueNowCents).toBe(0);
  });

  it('moves to a cheaper plan at the period end, charging nothing now', () => {
    expect(planChange({ ...period, planId: 'enterprise' }, 'pro', new Date('2030-03-10T00:00:00Z'))).toEqual({
      planId: 'pro',
      when: 'period_end',
      amountDueNowCents: 0,
      effectiveAt: '2030-04-01T00:00:00.000Z',
    });
  });
});
