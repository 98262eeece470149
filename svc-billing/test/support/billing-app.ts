import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type EventEnvelope, type SubscriptionChangedData } from '@rampquote/contracts';
import { OutboxRelay, type ConfigOf } from '@rampquote/service-kit';
import {
  checkAnswersAgainstContracts,
  signedAs,
  startTestService,
  type TestService,
} from '@rampquote/service-kit/testing';
import { BillingClock } from '../../src/shared/billing-clock';
import { LocalPeriodSweeper } from '../../src/subscriptions/local-period.sweeper';
import { service } from '../../src/service';

export interface BillingTestApp extends TestService<ConfigOf<typeof service>> {
  http: () => ReturnType<typeof request>;
  db: DataSource;
  /** Signs the request as the gateway does for a signed-in user: `.use(t.asUser(id))`. */
  asUser: (userId: string, email?: string) => ReturnType<typeof signedAs>;
  /** Signs the request as the gateway does for a call without a session (the webhook): `.use(t.asVisitor())`. */
  asVisitor: () => ReturnType<typeof signedAs>;
  clock: BillingClock;
  sweeper: LocalPeriodSweeper;
  /** The `subscription-changed` payloads written to the outbox for a user, oldest first. */
  subscriptionEvents: (userId: string) => Promise<SubscriptionChangedData[]>;
  /** Writes an event into the service's own outbox: the relay publishes it to the test's exchange, as svc-identity would. */
  publish: (type: string, data: unknown, id?: string) => Promise<string>;
}

/** svc-billing on a fresh database and its own exchange, migrated and initialised (local provider unless `env` says otherwise). */
export async function startBilling(env: Record<string, string> = {}): Promise<BillingTestApp> {
  const t = await startTestService(service, { env });
  checkAnswersAgainstContracts(t.app.getHttpServer());
  const db = t.app.get(DataSource);
  return {
    ...t,
    db,
    http: () => request(t.app.getHttpServer()),
    asUser: (userId, email = `${userId.slice(0, 8)}@example.com`) =>
      signedAs({ caller: 'gateway', user: { id: userId, email, role: 'pilot' } }, 'billing'),
    asVisitor: () => signedAs({ caller: 'gateway' }, 'billing'),
    clock: t.app.get(BillingClock),
    sweeper: t.app.get(LocalPeriodSweeper),
    subscriptionEvents: async (userId) => {
      const rows: { payload: EventEnvelope<SubscriptionChangedData> }[] = await db.query(
        `SELECT payload FROM outbox_events WHERE type = 'subscription-changed' AND payload->'data'->>'userId' = $1 ORDER BY seq`,
        [userId],
      );
      return rows.map((r) => r.payload.data);
    },
    publish: async (type, data, id = randomUUID()) => {
      const envelope = { id, type, occurredAt: new Date().toISOString(), source: 'svc-identity', data };
      await db.query(`INSERT INTO outbox_events (id, type, payload, occurred_at) VALUES ($1, $2, $3::jsonb, now())`, [
        randomUUID(),
        type,
        JSON.stringify(envelope),
      ]);
      t.app.get(OutboxRelay).nudge();
      return id;
    },
  };
}

export const newUserId = () => randomUUID();

/** Test cards (they pass the Luhn check). */
export const CARDS = {
  visa: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '314', name: 'Amelia Earhart' },
  mastercard: { number: '5555555555554444', expiry: '08/33', cvc: '271', name: 'Amelia Earhart' },
} as const;
