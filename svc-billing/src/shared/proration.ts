import { PLANS, type PlanChangeDto, type PlanId } from '@rampquote/contracts';

/** What a switch needs of the subscription. */
interface Period {
  planId: PlanId;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/**
 * A period's price for the part of it still ahead at `at`, in whole cents (Stripe's proration: each line is the
 * price times the remaining share of the period, rounded to the cent).
 */
export function remainingShareCents(priceCents: number, period: Period, at: Date): number {
  const total = period.currentPeriodEnd.getTime() - period.currentPeriodStart.getTime();
  if (total <= 0) return 0;
  const remaining = Math.min(Math.max(period.currentPeriodEnd.getTime() - at.getTime(), 0), total);
  return Math.round((priceCents * remaining) / total);
}

/**
 * What switching to `planId` does at `at` (both providers follow it): a dearer plan applies now and the difference for
 * the rest of the period is charged at once (the new plan's remaining share less the unused share of the old one);
 * a cheaper plan applies at the period end and nothing is charged now.
 */
export function planChange(period: Period, planId: PlanId, at: Date): PlanChangeDto {
  const from = PLANS[period.planId].priceCents;
  const to = PLANS[planId].priceCents;
  if (to <= from)
    return { planId, when: 'period_end', amountDueNowCents: 0, effectiveAt: period.currentPeriodEnd.toISOString() };
  return {
    planId,
    when: 'now',
    amountDueNowCents: remainingShareCents(to, period, at) - remainingShareCents(from, period, at),
    effectiveAt: at.toISOString(),
  };
}
