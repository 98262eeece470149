import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  Routes,
  EventTypes,
  PLANS,
  type EventEnvelope,
  type PlanId,
  type SubscriptionChangedData,
} from '@rampquote/contracts';
import { EventConsumer, type ConsumerChannel } from '@rampquote/service-kit';
import { publishTestEvent, waitFor } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const PROFILE = Routes.user.profile;

describe("the profile's subscription fields, from subscription-changed (real PostgreSQL and RabbitMQ)", () => {
  let t: IdentityTestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startIdentity();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A freshly registered pilot (no subscription yet) and a way to read their profile as the gateway does. */
  async function pilot() {
    const email = `pilot-${randomUUID().slice(0, 8)}@example.com`;
    const res = await t
      .http()
      .post(Routes.auth.register)
      .use(t.asGateway())
      .send({ firstName: 'Sue', lastName: 'Scriber', email, password: 'Str0ng#Pass' });
    expect(res.status).toBe(201);
    const user = { id: res.body.user.id as string, email, role: 'pilot' as const };
    return { user, profile: async () => (await t.http().get(PROFILE).use(t.asGateway(user))).body };
  }

  const periodEnd = (days: number) => new Date(Date.UTC(2030, 0, 1) + days * 86_400_000).toISOString();

  function changed(
    userId: string,
    planId: PlanId,
    revision: number,
    extra: Partial<SubscriptionChangedData> = {},
  ): SubscriptionChangedData {
    const plan = PLANS[planId];
    return {
      userId,
      subscriptionId: `sub_${userId.slice(0, 8)}`,
      change: 'created',
      planId,
      planName: plan.name,
      status: 'active',
      active: true,
      currentPeriodEnd: periodEnd(revision),
      cancelAtPeriodEnd: false,
      limits: { ...plan.limits },
      revision,
      ...extra,
    };
  }

  const handled = async (eventId: string) =>
    (await db.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [eventId])).length > 0;

  /** Publishes `subscription-changed` as svc-billing's relay would; resolves once svc-identity has handled it. */
  async function publish(data: SubscriptionChangedData): Promise<EventEnvelope<SubscriptionChangedData>> {
    const envelope = await publishTestEvent(
      t.env.amqpUrl,
      t.env.exchange,
      EventTypes.subscriptionChanged,
      data,
      'svc-billing',
    );
    await waitFor(() => handled(envelope.id), 15_000, `${envelope.id} handled`);
    return envelope;
  }

  it('shows no subscription before any event', async () => {
    const { profile } = await pilot();
    expect(await profile()).toMatchObject({
      hasActiveSubscription: false,
      subscriptionPlanName: null,
      subscriptionCurrentPeriodEnd: null,
    });
  });

  it('shows the plan, and the end of the current period, once subscription-changed arrives', async () => {
    const { user, profile } = await pilot();
    await publish(changed(user.id, 'pro', 1));
    expect(await profile()).toMatchObject({
      hasActiveSubscription: true,
      subscriptionPlanName: PLANS.pro.name,
      subscriptionCurrentPeriodEnd: periodEnd(1),
    });
    // svc-quotes reads the same fields.
    expect((await t.http().get(PROFILE).use(t.asCaller('svc-quotes', user))).body).toMatchObject({
      hasActiveSubscription: true,
      subscriptionPlanName: PLANS.pro.name,
    });
  });

  it('keeps a cancelled subscription active until the period ends, then shows none', async () => {
    const { user, profile } = await pilot();
    await publish(changed(user.id, 'pro', 1));
    await publish(
      changed(user.id, 'pro', 2, { change: 'cancelled', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd(1) }),
    );
    expect(await profile()).toMatchObject({
      hasActiveSubscription: true,
      subscriptionPlanName: PLANS.pro.name,
      subscriptionCurrentPeriodEnd: periodEnd(1),
    });
    await publish(
      changed(user.id, 'pro', 3, {
        change: 'ended',
        status: 'canceled',
        active: false,
        currentPeriodEnd: periodEnd(1),
      }),
    );
    expect(await profile()).toMatchObject({
      hasActiveSubscription: false,
      subscriptionPlanName: null,
      subscriptionCurrentPeriodEnd: null,
    });
  });

  it('keeps the newest revision when an older event arrives late', async () => {
    const { user, profile } = await pilot();
    await publish(changed(user.id, 'enterprise', 5, { change: 'switched' }));
    await publish(changed(user.id, 'pro', 4));
    expect(await profile()).toMatchObject({
      hasActiveSubscription: true,
      subscriptionPlanName: PLANS.enterprise.name,
      subscriptionCurrentPeriodEnd: periodEnd(5),
    });
    // An older "ended" does not end the newer subscription either.
    await publish(changed(user.id, 'pro', 3, { change: 'ended', status: 'canceled', active: false }));
    expect(await profile()).toMatchObject({ hasActiveSubscription: true, subscriptionPlanName: PLANS.enterprise.name });
    expect(
      await db.query(`SELECT plan_id, revision::int FROM user_subscriptions WHERE user_id = $1`, [user.id]),
    ).toEqual([{ plan_id: 'enterprise', revision: 5 }]);
  });

  it('is harmless when the same event is delivered twice, or handled again after the inbox lost it', async () => {
    const { user, profile } = await pilot();
    const first = await publish(changed(user.id, 'pro', 1));
    const newer = await publish(changed(user.id, 'enterprise', 2, { change: 'switched' }));
    const shown = await profile();
    expect(shown).toMatchObject({
      subscriptionPlanName: PLANS.enterprise.name,
      subscriptionCurrentPeriodEnd: periodEnd(2),
    });
    const stored = await db.query(`SELECT * FROM user_subscriptions WHERE user_id = $1`, [user.id]);

    const consumer = t.app.get(EventConsumer);
    const channel: ConsumerChannel = { ack: jest.fn(), nack: jest.fn(), sendToQueue: jest.fn() };
    const redelivery = (envelope: EventEnvelope) =>
      ({
        content: Buffer.from(JSON.stringify(envelope)),
        fields: { redelivered: true, routingKey: envelope.type },
        properties: { headers: {}, messageId: envelope.id },
      }) as unknown as Parameters<EventConsumer['handleMessage']>[1];
    // The broker delivers both again: the inbox knows them.
    expect(await consumer.handleMessage(channel, redelivery(newer))).toBe('duplicate');
    expect(await consumer.handleMessage(channel, redelivery(first))).toBe('duplicate');
    // Even handled again (the inbox forgot them), the older one changes nothing and the newer one is a no-op.
    await db.query(`DELETE FROM inbox_events WHERE event_id = ANY($1)`, [[first.id, newer.id]]);
    expect(await consumer.handleMessage(channel, redelivery(first))).toBe('handled');
    expect(await consumer.handleMessage(channel, redelivery(newer))).toBe('handled');
    expect(channel.ack).toHaveBeenCalledTimes(4);
    expect(await db.query(`SELECT * FROM user_subscriptions WHERE user_id = $1`, [user.id])).toEqual(stored);
    expect(await profile()).toEqual(shown);
  });

  it('acknowledges a malformed payload without changing anything', async () => {
    const { user, profile } = await pilot();
    await publish({ ...changed(user.id, 'pro', 1), active: 'yes' } as unknown as SubscriptionChangedData);
    expect(await profile()).toMatchObject({ hasActiveSubscription: false, subscriptionPlanName: null });
    expect(await db.query(`SELECT 1 FROM user_subscriptions WHERE user_id = $1`, [user.id])).toHaveLength(0);
  });
});
