import type { UserPlan } from '../plan-limits/user-plan.entity';
import { appliedPlan } from './quote-limits';

const now = new Date('2026-03-15T12:00:00Z');
const copy = (overrides: Partial<UserPlan> = {}): UserPlan =>
  ({
    userId: 'u',
    subscriptionId: 's',
    planId: 'pro',
    planName: 'Pro',
    status: 'active',
    active: true,
    currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    monthlyQuoteRequests: 50,
    revision: 1,
    updatedAt: now,
    ...overrides,
  }) as UserPlan;

describe('the plan that applies to a user', () => {
  it('is the entry-level allowance without a subscription', () => {
    expect(appliedPlan(null, now, 5)).toEqual({ planName: null, monthlyQuoteRequests: 5 });
  });
  it("is the copy's plan while it is active, unlimited for a null limit", () => {
    expect(appliedPlan(copy(), now, 5)).toEqual({ planName: 'Pro', monthlyQuoteRequests: 50 });
    expect(appliedPlan(copy({ planName: 'Enterprise', monthlyQuoteRequests: null }), now, 5)).toEqual({
      planName: 'Enterprise',
      monthlyQuoteRequests: null,
    });
  });
  it('keeps a cancelled plan until its period end, then falls back', () => {
    expect(appliedPlan(copy({ cancelAtPeriodEnd: true }), now, 5).planName).toBe('Pro');
    expect(
      appliedPlan(copy({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date('2026-03-01T00:00:00Z') }), now, 5),
    ).toEqual({ planName: null, monthlyQuoteRequests: 5 });
  });
  it('falls back when the copy is not active; an auto-renewing plan is not ended by a late renewal event', () => {
    expect(appliedPlan(copy({ active: false, status: 'canceled' }), now, 5).planName).toBeNull();
    expect(appliedPlan(copy({ currentPeriodEnd: new Date('2026-03-01T00:00:00Z') }), now, 5).planName).toBe('Pro');
  });
});
