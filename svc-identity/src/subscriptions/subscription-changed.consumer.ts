import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { EventTypes, type EventEnvelope, type SubscriptionChangedData } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';
import { ProfileCache } from '../profile/profile-cache';

/** What svc-identity needs of a `subscription-changed` payload; anything else is not an event it can act on. */
const subscriptionChangedSchema = z.object({
  userId: z.guid(),
  subscriptionId: z.string().min(1),
  planId: z.string().min(1),
  planName: z.string().min(1),
  status: z.string().min(1),
  active: z.boolean(),
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  cancelAtPeriodEnd: z.boolean(),
  revision: z.number().int().min(0),
});

/**
 * `subscription-changed` (svc-billing): keeps svc-identity's copy of the user's subscription (table
 * user_subscriptions), which the profile's hasActiveSubscription, subscriptionPlanName and
 * subscriptionCurrentPeriodEnd come from. Events may arrive out of order: a revision lower than (or equal to) the
 * stored one changes nothing, so a late or repeated event is harmless.
 */
@Injectable()
export class SubscriptionChangedConsumer implements OnModuleInit {
  private readonly logger = new Logger('SubscriptionChanged');

  constructor(
    private readonly events: EventConsumer,
    private readonly profiles: ProfileCache,
  ) {}

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
    // This replica reads the profile again from now on (a read before the commit is forgotten again when the
    // database announces the change).
    this.profiles.forget(d.userId);
    await manager.query(
      `INSERT INTO user_subscriptions (user_id, subscription_id, plan_id, plan_name, status, active, current_period_end, cancel_at_period_end, revision, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
       ON CONFLICT (user_id) DO UPDATE SET
         subscription_id = EXCLUDED.subscription_id,
         plan_id = EXCLUDED.plan_id,
         plan_name = EXCLUDED.plan_name,
         status = EXCLUDED.status,
         active = EXCLUDED.active,
         current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         revision = EXCLUDED.revision,
         updated_at = now()
       WHERE user_subscriptions.revision < EXCLUDED.revision`,
      [
        d.userId,
        d.subscriptionId,
        d.planId,
        d.planName,
        d.status,
        d.active,
        d.currentPeriodEnd,
        d.cancelAtPeriodEnd,
        d.revision,
      ],
    );
  }
}
