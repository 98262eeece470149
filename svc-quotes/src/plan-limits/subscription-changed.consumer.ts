import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { EventTypes, type EventEnvelope, type SubscriptionChangedData } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';

/** What svc-quotes needs of a `subscription-changed` payload; anything else is not an event it can act on. */
const subscriptionChangedSchema = z.object({
  userId: z.guid(),
  subscriptionId: z.string().min(1),
  planId: z.string().min(1),
  planName: z.string().min(1),
  status: z.string().min(1),
  active: z.boolean(),
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  cancelAtPeriodEnd: z.boolean(),
  limits: z.object({ monthlyQuoteRequests: z.number().int().min(0).nullable() }),
  revision: z.number().int().min(0),
});

/**
 * `subscription-changed` (svc-billing): keeps svc-quotes's copy of the user's plan (table user_plans). Events may
 * arrive out of order: a revision lower than (or equal to) the stored one changes nothing.
 */
@Injectable()
export class SubscriptionChangedConsumer implements OnModuleInit {
  private readonly logger = new Logger('SubscriptionChanged');

  constructor(private readonly events: EventConsumer) {}

  onModuleInit(): void {
    this.events.on<SubscriptionChangedData>(EventTypes.subscriptionChanged, (event, manager) =>
      this.handle(event, manager),
    );
  }

  async handle(event: EventEnvelope<SubscriptionChangedData>, manager: EntityManager): Promise<void> {
    const parsed = subscriptionChangedSchema.safeParse(event.data);
    if (!parsed.success) {
      // Retrying cannot fix a malformed payload: acknowledge it and say so.
      this.logger.warn(
        `ignored malformed ${event.type} ${event.id}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
      return;
    }
    const d = parsed.data;
    await manager.query(
      `INSERT INTO user_plans (user_id, subscription_id, plan_id, plan_name, status, active, current_period_end, cancel_at_period_end, monthly_quote_requests, revision, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
       ON CONFLICT (user_id) DO UPDATE SET
         subscription_id = EXCLUDED.subscription_id,
         plan_id = EXCLUDED.plan_id,
         plan_name = EXCLUDED.plan_name,
         status = EXCLUDED.status,
         active = EXCLUDED.active,
         current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         monthly_quote_requests = EXCLUDED.monthly_quote_requests,
         revision = EXCLUDED.revision,
         updated_at = now()
       WHERE user_plans.revision < EXCLUDED.revision`,
      [
        d.userId,
        d.subscriptionId,
        d.planId,
        d.planName,
        d.status,
        d.active,
        d.currentPeriodEnd,
        d.cancelAtPeriodEnd,
        d.limits.monthlyQuoteRequests,
        d.revision,
      ],
    );
  }
}
