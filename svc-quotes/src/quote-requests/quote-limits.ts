import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { monthlyQuoteLimitMessage, QuoteRequestMessages } from '@rampquote/contracts';
import { SERVICE_CONFIG } from '@rampquote/service-kit';
import type { QuotesConfig } from '../config';
import { UserPlan } from '../plan-limits/user-plan.entity';

/** The plan that applies to a user now: its name (null: no subscription) and monthly allowance (null: no limit). */
export interface AppliedPlan {
  planName: string | null;
  monthlyQuoteRequests: number | null;
}

/** What of a user's plan decides what applies now. */
export type PlanTerms = Pick<
  UserPlan,
  'planName' | 'active' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'monthlyQuoteRequests'
>;

/**
 * A copy applies while svc-billing says it is active; a cancelled one also stops at its period end, even before
 * the `ended` event arrives.
 */
export function appliedPlan(plan: PlanTerms | null, now: Date, noPlanAllowance: number): AppliedPlan {
  const applies =
    plan !== null && plan.active && !(plan.cancelAtPeriodEnd && plan.currentPeriodEnd.getTime() <= now.getTime());
  return applies
    ? { planName: plan.planName, monthlyQuoteRequests: plan.monthlyQuoteRequests }
    : { planName: null, monthlyQuoteRequests: noPlanAllowance };
}

/**
 * The plan limits: each user may create as many quote requests per calendar month (UTC) as their plan
 * allows (svc-quotes's copy of it, kept from `subscription-changed`); cancelled and deleted requests count too.
 */
@Injectable()
export class QuoteLimits {
  /** Without a subscription a user may send what the entry-level plan allows (NO_PLAN_MONTHLY_QUOTE_REQUESTS). */
  private readonly noPlanAllowance: number;

  constructor(@Inject(SERVICE_CONFIG) config: Pick<QuotesConfig, 'NO_PLAN_MONTHLY_QUOTE_REQUESTS'>) {
    this.noPlanAllowance = config.NO_PLAN_MONTHLY_QUOTE_REQUESTS;
  }

  /**
   * Called in the transaction that stores the request: counts it in the month's usage (rolled back with the
   * transaction; the usage row's lock makes the same user's concurrent requests take turns) and throws 403 with
   * the plan's message when that goes over the allowance.
   */
  async assertMayCreate(manager: EntityManager, requesterId: string, _fboCount: number): Promise<void> {
    // The count and the user's plan in one round trip.
    const [usage]: (PlanTerms & { requestCount: number; hasPlan: boolean })[] = await manager.query(
      `WITH counted AS (
         INSERT INTO quote_request_usage (requester_id, month, request_count)
         VALUES ($1, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 1)
         ON CONFLICT (requester_id, month) DO UPDATE SET request_count = quote_request_usage.request_count + 1
         RETURNING request_count)
       SELECT c.request_count AS "requestCount", p.user_id IS NOT NULL AS "hasPlan", p.plan_name AS "planName", p.active,
              p.current_period_end AS "currentPeriodEnd", p.cancel_at_period_end AS "cancelAtPeriodEnd",
              p.monthly_quote_requests AS "monthlyQuoteRequests"
         FROM counted c LEFT JOIN user_plans p ON p.user_id = $1`,
      [requesterId],
    );
    const plan = appliedPlan(usage!.hasPlan ? usage! : null, new Date(), this.noPlanAllowance);
    if (plan.monthlyQuoteRequests !== null && usage!.requestCount > plan.monthlyQuoteRequests) {
      throw new ForbiddenException({
        error: QuoteRequestMessages.monthlyLimitReached,
        details: [{ message: monthlyQuoteLimitMessage(plan.planName, plan.monthlyQuoteRequests) }],
      });
    }
  }
}
