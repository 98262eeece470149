import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { EventTypes, type EventEnvelope, type SubscriptionChangedData } from '@rampquote/contracts';
import type { EventConsumer } from './event-consumer';

/**
 * What a service keeps of a `subscription-changed` payload. Plan and status stay plain text: a plan or status that
 * svc-billing adds later is still copied by a service that does not know it yet.
 */
export type SubscriptionCopy = Omit<SubscriptionChangedData, 'change' | 'planId' | 'status'> & {
  planId: string;
  status: string;
};

/** The payload check: anything else is not an event a service can act on. */
export const subscriptionCopySchema = z.object({
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
}) satisfies z.ZodType<SubscriptionCopy>;

/** Where a service keeps its copy: one row per user with the columns below (`revision` bigint). */
export interface SubscriptionCopyTable {
  table: string;
  /** More columns of the row, each from the payload (svc-quotes: the plan's monthly quote requests). */
  columns?: Record<string, (copy: SubscriptionCopy) => unknown>;
  /** Runs before the row is written, in the event's transaction (svc-identity forgets the user's cached profile). */
  beforeWrite?: (copy: SubscriptionCopy, manager: EntityManager) => void | Promise<void>;
}

const COMMON_COLUMNS: Record<string, (copy: SubscriptionCopy) => unknown> = {
  user_id: (c) => c.userId,
  subscription_id: (c) => c.subscriptionId,
  plan_id: (c) => c.planId,
  plan_name: (c) => c.planName,
  status: (c) => c.status,
  active: (c) => c.active,
  current_period_end: (c) => c.currentPeriodEnd,
  cancel_at_period_end: (c) => c.cancelAtPeriodEnd,
  revision: (c) => c.revision,
};

/**
 * The `subscription-changed` consumer (svc-billing's event) of every service that keeps a copy of its users'
 * subscriptions: one upsert per event into `target.table`. Events may arrive out of order: a revision lower than
 * (or equal to) the stored one changes nothing, so a late or repeated event is harmless. A malformed payload is
 * acknowledged with a warning (retrying cannot fix it).
 */
export function keepSubscriptionCopies(events: EventConsumer, target: SubscriptionCopyTable): void {
  const logger = new Logger('SubscriptionChanged');
  const columns = Object.entries({ ...COMMON_COLUMNS, ...target.columns });
  const names = columns.map(([name]) => name);
  const sql = `INSERT INTO ${target.table} (${names.join(', ')}, updated_at)
     VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}, now())
     ON CONFLICT (user_id) DO UPDATE SET
       ${names
         .filter((n) => n !== 'user_id')
         .map((n) => `${n} = EXCLUDED.${n}`)
         .join(', ')}, updated_at = now()
     WHERE ${target.table}.revision < EXCLUDED.revision`;

  events.on<SubscriptionChangedData>(
    EventTypes.subscriptionChanged,
    async (event: EventEnvelope<SubscriptionChangedData>, manager) => {
      const parsed = subscriptionCopySchema.safeParse(event.data);
      if (!parsed.success) {
        logger.warn(
          `ignored malformed ${event.type} ${event.id}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
        return;
      }
      await target.beforeWrite?.(parsed.data, manager);
      await manager.query(
        sql,
        columns.map(([, value]) => value(parsed.data)),
      );
    },
  );
}
