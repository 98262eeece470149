import { randomUUID } from 'node:crypto';
import { EventTypes, PLANS, type PlanId, type SubscriptionChangedData } from '@rampquote/contracts';
import { publishTestEvent, waitFor } from '@rampquote/service-kit/testing';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

describe('plan limits: monthly quote requests per plan, from subscription-changed (real PostgreSQL and RabbitMQ)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (user: TestUser, payload: object) =>
    t.http().post('/api/quote-requests').use(t.as(user)).send(payload);
  const storedFor = async (user: TestUser) =>
    (await t.db.query(`SELECT id FROM quote_requests WHERE requester_id = $1`, [user.id])).length;
  const submittedEventsFor = async (user: TestUser) =>
    (
      await t.db.query(`SELECT id FROM outbox_events WHERE type = $1 AND payload::text LIKE '%' || $2 || '%'`, [
        EventTypes.quoteSubmitted,
        user.id,
      ])
    ).length;

  /** A pilot who has already created `count` requests this month (to the KBFI FBOs). */
  async function pilotWithRequests(count: number) {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await create(pilot.user, formPayload(pilot.aircraft, fbos));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    return { ...pilot, fbos, ids, payload: formPayload(pilot.aircraft, fbos) };
  }

  /** Publishes `subscription-changed` as svc-billing's relay would; resolves once svc-quotes has handled it. */
  async function subscriptionChanged(
    userId: string,
    planId: PlanId,
    revision: number,
    extra: Partial<SubscriptionChangedData> = {},
  ) {
    const plan = PLANS[planId];
    const data: SubscriptionChangedData = {
      userId,
      subscriptionId: `sub_${randomUUID()}`,
      change: 'created',
      planId,
      planName: plan.name,
      status: 'active',
      active: true,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
      limits: { ...plan.limits },
      revision,
      ...extra,
    };
    const envelope = await publishTestEvent(
      t.env.amqpUrl,
      t.env.exchange,
      EventTypes.subscriptionChanged,
      data,
      'svc-billing',
    );
    await waitFor(
      async () => (await t.db.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [envelope.id])).length > 0,
      10_000,
      `${envelope.id} handled`,
    );
  }

  const entryLevelAllowance = PLANS['entry-level'].limits.monthlyQuoteRequests!;

  it('refuses the request over the entry-level allowance without a subscription: 403 with the message, nothing stored, no event', async () => {
    expect(entryLevelAllowance).toBe(5);
    const pilot = await pilotWithRequests(entryLevelAllowance);
    const res = await create(pilot.user, pilot.payload);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Monthly quote request limit reached',
      details: [
        {
          message:
            'Without a subscription you can send 5 quote requests per month. Choose a plan on the Subscription page to send more.',
        },
      ],
    });
    expect(await storedFor(pilot.user)).toBe(entryLevelAllowance);
    expect(await submittedEventsFor(pilot.user)).toBe(entryLevelAllowance);
    const [usage] = await t.db.query(`SELECT request_count FROM quote_request_usage WHERE requester_id = $1`, [
      pilot.user.id,
    ]);
    expect(usage).toEqual({ request_count: entryLevelAllowance });
    // Another user is not affected.
    const other = await pilotWithRequests(1);
    expect(await storedFor(other.user)).toBe(1);
  });

  it('counts cancelled and deleted requests of the month too', async () => {
    const pilot = await pilotWithRequests(entryLevelAllowance);
    expect((await t.http().post(`/api/quote-requests/${pilot.ids[0]}/cancel`).use(t.as(pilot.user))).status).toBe(200);
    const token = await t.tokenOf(pilot.ids[1], pilot.fbos[0].id);
    expect(
      (await t.http().post(`/api/fbo-quote/${pilot.fbos[0].id}/${token}/submit`).use(t.as()).send(estimatePayload()))
        .status,
    ).toBe(201);
    expect((await t.http().delete(`/api/quote-requests/${pilot.ids[1]}`).use(t.as(pilot.user))).status).toBe(200);
    expect(await storedFor(pilot.user)).toBe(entryLevelAllowance - 1);
    const res = await create(pilot.user, pilot.payload);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Monthly quote request limit reached');
    expect(await storedFor(pilot.user)).toBe(entryLevelAllowance - 1);
  });

  it('lets concurrent requests through only up to the allowance', async () => {
    const pilot = await pilotWithRequests(entryLevelAllowance - 2);
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(pilot.user, pilot.payload)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
    expect(await storedFor(pilot.user)).toBe(entryLevelAllowance);
  });

  it("names the user's plan when its limit is reached, and an upgrade lifts it", async () => {
    const pilot = await pilotWithRequests(entryLevelAllowance);
    await subscriptionChanged(pilot.user.id, 'entry-level', 1);
    const refused = await create(pilot.user, pilot.payload);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'Monthly quote request limit reached',
      details: [
        {
          message:
            'Your Entry Level plan allows 5 quote requests per month. Upgrade your plan on the Subscription page to send more.',
        },
      ],
    });

    await subscriptionChanged(pilot.user.id, 'pro', 2, { change: 'switched' });
    const accepted = await create(pilot.user, pilot.payload);
    expect(accepted.status).toBe(201);
    expect(await storedFor(pilot.user)).toBe(entryLevelAllowance + 1);
    const [plan] = await t.db.query(
      `SELECT plan_id, plan_name, monthly_quote_requests, revision FROM user_plans WHERE user_id = $1`,
      [pilot.user.id],
    );
    expect(plan).toEqual({ plan_id: 'pro', plan_name: 'Pro', monthly_quote_requests: 50, revision: '2' });
  });

  it('keeps the newest revision: an older event arriving late does not undo an upgrade', async () => {
    const pilot = await pilotWithRequests(entryLevelAllowance);
    await subscriptionChanged(pilot.user.id, 'enterprise', 3, { change: 'switched' });
    await subscriptionChanged(pilot.user.id, 'entry-level', 2, { change: 'created' });
    const [plan] = await t.db.query(
      `SELECT plan_id, monthly_quote_requests, revision FROM user_plans WHERE user_id = $1`,
      [pilot.user.id],
    );
    expect(plan).toEqual({ plan_id: 'enterprise', monthly_quote_requests: null, revision: '3' });
    expect((await create(pilot.user, pilot.payload)).status).toBe(201);
  });

  it('falls back to the no-subscription allowance when the subscription ends', async () => {
    const pilot = await pilotWithRequests(entryLevelAllowance);
    await subscriptionChanged(pilot.user.id, 'pro', 1);
    expect((await create(pilot.user, pilot.payload)).status).toBe(201);
    await subscriptionChanged(pilot.user.id, 'pro', 2, { change: 'ended', status: 'canceled', active: false });
    const res = await create(pilot.user, pilot.payload);
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual([
      {
        message:
          'Without a subscription you can send 5 quote requests per month. Choose a plan on the Subscription page to send more.',
      },
    ]);
  });

  it('acknowledges a malformed subscription-changed without storing anything', async () => {
    const userId = randomUUID();
    await subscriptionChanged(userId, 'pro', 1, { limits: { monthlyQuoteRequests: -1 } });
    expect(await t.db.query(`SELECT 1 FROM user_plans WHERE user_id = $1`, [userId])).toEqual([]);
  });
});
