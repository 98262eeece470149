import { BillingMessages, PLANS } from '@rampquote/contracts';
import { collectEvents, waitFor } from '@rampquote/service-kit/testing';
import { CARDS, newUserId, startBilling, type BillingTestApp } from './support/billing-app';

/**
 * The local payment provider through the API (no Stripe keys): every call of spec section 7 under /api/billing with
 * its answers and error paths, the period end with an injected clock, and subscription-changed in the outbox.
 */
describe('billing with the local payment provider (real PostgreSQL and RabbitMQ)', () => {
  let t: BillingTestApp;

  beforeAll(async () => {
    t = await startBilling();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** A fresh user and helpers acting as them. */
  function user() {
    const id = newUserId();
    const email = `${id.slice(0, 8)}@example.com`;
    const as = () => t.asUser(id, email);
    const u = {
      id,
      email,
      record: () => t.http().get('/api/billing').use(as()),
      methods: () => t.http().get('/api/billing/payment-method').use(as()),
      token: (card: object) => t.http().post('/api/billing/local/card-token').use(as()).send(card),
      add: (body: object) => t.http().post('/api/billing/payment-method').use(as()).send(body),
      remove: (pmId: string) => t.http().delete(`/api/billing/payment-method/${pmId}`).use(as()),
      setDefault: (pmId: string) =>
        t.http().post('/api/billing/default-payment-method').use(as()).send({ paymentMethodId: pmId }),
      subscription: () => t.http().get('/api/billing/subscription').use(as()),
      subscribe: (planId: string, key?: string) => {
        const req = t.http().post('/api/billing/subscription').use(as());
        return (key ? req.set('Idempotency-Key', key) : req).send({ planId });
      },
      switchPlan: (subId: string, planId: string) =>
        t.http().put(`/api/billing/subscription/${subId}`).use(as()).send({ planId }),
      cancel: (subId: string) => t.http().delete(`/api/billing/subscription/${subId}`).use(as()),
      invoices: () => t.http().get('/api/billing/invoices').use(as()),
      receipt: (invoiceId: string) => t.http().get(`/api/billing/invoices/${invoiceId}/receipt`).use(as()).buffer(true),
      /** Tokenizes and adds a card; its payment method id. */
      addCard: async (card: object = CARDS.visa, extra: object = {}) => {
        const token = await u.token(card);
        expect(token.status).toBe(201);
        const added = await u.add({ paymentMethodId: token.body.paymentMethodId, ...extra });
        expect(added.status).toBe(201);
        return token.body.paymentMethodId as string;
      },
    };
    return u;
  }
  const oneMonthAfter = (iso: string) => {
    const d = new Date(iso);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return d.getTime();
  };

  describe('plans and access', () => {
    it('GET /api/billing/plans answers the three plans keyed by id, without a session, cacheable', async () => {
      const res = await t.http().get('/api/billing/plans').use(t.asVisitor());
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(Object.keys(res.body)).toEqual(['entry-level', 'pro', 'enterprise']);
      expect(res.body.pro).toEqual(PLANS.pro);
      expect(res.body['entry-level']).toMatchObject({
        name: 'Entry Level',
        priceCents: 1900,
        price: 19,
        displayPrice: '$19.00',
        limits: { monthlyQuoteRequests: 5 },
      });
    });

    it('answers 401 "Authentication required" to a call without a signed-in user', async () => {
      for (const [method, path] of [
        ['get', '/api/billing'],
        ['get', '/api/billing/payment-method'],
        ['post', '/api/billing/local/card-token'],
        ['post', '/api/billing/subscription'],
        ['get', '/api/billing/invoices'],
      ] as const) {
        const res = await t.http()[method](path).use(t.asVisitor()).send({});
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 401,
          body: { error: 'Authentication required' },
        });
      }
    });

    it('refuses the Stripe-only calls: setup-intent 409, webhook 404', async () => {
      const u = user();
      expect(await t.http().post('/api/billing/setup-intent').use(t.asUser(u.id))).toMatchObject({
        status: 409,
        body: { error: BillingMessages.setupIntentLocal },
      });
      const hook = await t
        .http()
        .post('/api/billing/webhook')
        .use(t.asVisitor())
        .set('Stripe-Signature', 't=1,v1=x')
        .send('{}');
      expect(hook).toMatchObject({ status: 404, body: { error: 'No payment provider webhook is configured' } });
    });
  });

  describe('billing record and customer', () => {
    it('answers an empty record with the local provider before anything is saved', async () => {
      const res = await user().record();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        customerId: null,
        paymentMethods: [],
        defaultPaymentMethodId: null,
        provider: 'local',
        publishableKey: null,
        testMode: true,
      });
    });

    it('makes the customer when user-registered arrives, once even when the event is delivered twice', async () => {
      const u = user();
      const data = {
        userId: u.id,
        email: u.email,
        firstName: 'Amelia',
        lastName: 'Earhart',
        role: 'pilot',
        companyName: null,
        aircraftProfileName: null,
        invited: true,
      };
      const eventId = await t.publish('user-registered', data);
      await t.publish('user-registered', data, eventId);
      const rows = await waitFor(async () => {
        const found = await t.db.query(
          'SELECT provider, provider_customer_id, email FROM billing_customers WHERE user_id = $1',
          [u.id],
        );
        return found.length ? found : undefined;
      });
      expect(rows).toEqual([
        { provider: 'local', provider_customer_id: expect.stringMatching(/^cus_local_/), email: u.email },
      ]);
      await waitFor(
        async () => (await t.db.query('SELECT 1 FROM outbox_events WHERE sent_at IS NULL')).length === 0,
        10_000,
        'the relay to publish both',
      );
      const customerId = rows[0].provider_customer_id;
      expect((await u.record()).body.customerId).toBe(customerId);
    });
  });

  describe('cards', () => {
    it('turns the card form into a pm_local_ id keeping brand, last 4 and expiry', async () => {
      const res = await user().token(CARDS.visa);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        paymentMethodId: expect.stringMatching(/^pm_local_[A-Za-z0-9_-]+$/),
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      });
    });

    it('refuses the card form with the spec messages, field by field', async () => {
      const u = user();
      const res = await u.token({ number: '4242', expiry: '1/34', cvc: '12', name: '' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'number', message: 'Card number must be at least 16 digits' },
          { field: 'expiry', message: 'Expiry date must be in format MM/YY' },
          { field: 'cvc', message: 'CVC must be at least 3 digits' },
          { field: 'name', message: 'Cardholder name is required' },
        ],
      });
      expect((await u.token({ ...CARDS.visa, number: '4242424242424241' })).body.details).toEqual([
        { field: 'number', message: 'Card number is not valid: please check the digits' },
      ]);
      expect(await t.db.query('SELECT 1 FROM local_card_tokens WHERE user_id = $1', [u.id])).toEqual([]);
    });

    it("refuses a card expired at the billing clock's time", async () => {
      jest.spyOn(t.clock, 'now').mockReturnValue(new Date('2035-01-01T00:00:00Z'));
      const res = await user().token(CARDS.visa);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'expiry', message: 'Card has expired' }]);
    });

    it('makes the first card the default, the next ones not, unless setAsDefault', async () => {
      const u = user();
      const first = await u.token(CARDS.visa);
      const added = await u.add({ paymentMethodId: first.body.paymentMethodId });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: first.body.paymentMethodId,
        isDefault: true,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      });
      const second = await u.addCard(CARDS.mastercard);
      const record = await u.record();
      expect(record.body).toEqual({
        customerId: expect.stringMatching(/^cus_local_/),
        paymentMethods: [
          {
            id: first.body.paymentMethodId,
            isDefault: true,
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
          },
          { id: second, isDefault: false, card: { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2033 } },
        ],
        defaultPaymentMethodId: first.body.paymentMethodId,
        provider: 'local',
        publishableKey: null,
        testMode: true,
      });
      expect((await u.methods()).body).toEqual(record.body.paymentMethods);
      const third = await u.addCard(CARDS.visa, { setAsDefault: true });
      expect((await u.record()).body.defaultPaymentMethodId).toBe(third);
    });

    it("refuses a missing id (400), an unknown id and another user's card (404), storing nothing", async () => {
      const u = user();
      const other = user();
      expect(await u.add({})).toMatchObject({
        status: 400,
        body: {
          error: 'Invalid request data',
          details: [{ field: 'paymentMethodId', message: 'Payment method id is required' }],
        },
      });
      expect(await u.add({ paymentMethodId: 'pm_local_nope' })).toMatchObject({
        status: 404,
        body: { error: 'Payment method not found' },
      });
      const theirs = (await other.token(CARDS.visa)).body.paymentMethodId;
      expect(await u.add({ paymentMethodId: theirs })).toMatchObject({
        status: 404,
        body: { error: 'Payment method not found' },
      });
      // Once added by its owner, it is still not anyone else's.
      expect((await other.add({ paymentMethodId: theirs })).status).toBe(201);
      expect(await u.add({ paymentMethodId: theirs })).toMatchObject({
        status: 404,
        body: { error: 'Payment method not found' },
      });
      expect((await u.record()).body.paymentMethods).toEqual([]);
      expect((await other.record()).body.paymentMethods).toEqual([
        expect.objectContaining({ id: theirs, isDefault: true }),
      ]);
    });

    it("changes the default, and refuses another user's card with 404 leaving both unchanged", async () => {
      const u = user();
      const other = user();
      const [a, b] = [await u.addCard(), await u.addCard(CARDS.mastercard)];
      const theirs = await other.addCard();
      const res = await u.setDefault(b);
      expect(res.status).toBe(200);
      expect(res.body.defaultPaymentMethodId).toBe(b);
      expect(res.body.paymentMethods.map((m: { id: string; isDefault: boolean }) => [m.id, m.isDefault])).toEqual([
        [a, false],
        [b, true],
      ]);
      expect(await u.setDefault(theirs)).toMatchObject({ status: 404, body: { error: 'Payment method not found' } });
      expect((await u.record()).body.defaultPaymentMethodId).toBe(b);
      expect((await other.record()).body.defaultPaymentMethodId).toBe(theirs);
      expect(await u.setDefault('')).toMatchObject({
        status: 400,
        body: { details: [{ field: 'paymentMethodId', message: 'Payment method id is required' }] },
      });
    });

    it('removes a card; removing the default promotes the newest other; the last one leaves no default', async () => {
      const u = user();
      const [a, b, c] = [await u.addCard(), await u.addCard(CARDS.mastercard), await u.addCard()];
      const removed = await u.remove(b);
      expect(removed.status).toBe(200);
      expect(removed.body.paymentMethods.map((m: { id: string }) => m.id)).toEqual([a, c]);
      expect(removed.body.defaultPaymentMethodId).toBe(a);
      const promoted = await u.remove(a);
      expect(promoted.body.defaultPaymentMethodId).toBe(c);
      expect(promoted.body.paymentMethods).toEqual([expect.objectContaining({ id: c, isDefault: true })]);
      const none = await u.remove(c);
      expect(none.body).toMatchObject({ paymentMethods: [], defaultPaymentMethodId: null });
      // A removed card cannot be added again.
      expect((await u.add({ paymentMethodId: a })).status).toBe(404);
    });

    it("refuses to remove another user's card (404) and keeps it", async () => {
      const u = user();
      const other = user();
      await u.addCard();
      const theirs = await other.addCard();
      expect(await u.remove(theirs)).toMatchObject({ status: 404, body: { error: 'Payment method not found' } });
      expect((await other.record()).body.paymentMethods).toEqual([
        expect.objectContaining({ id: theirs, isDefault: true }),
      ]);
    });
  });

  describe('subscriptions', () => {
    it('answers { subscription: null } without one, and 409 to a subscribe without a card', async () => {
      const u = user();
      expect(await u.subscription()).toMatchObject({ status: 200, body: { subscription: null, planChanges: [] } });
      expect(await u.subscribe('pro')).toMatchObject({
        status: 409,
        body: { error: 'Add a payment method before subscribing' },
      });
      expect(await u.subscribe('gold')).toMatchObject({
        status: 400,
        body: { error: 'Invalid request data', details: [{ field: 'planId', message: BillingMessages.planRequired }] },
      });
      expect(await t.db.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [u.id])).toEqual([]);
    });

    it('subscribes for a month with a paid invoice, writes subscription-changed, refuses a second one', async () => {
      const u = user();
      await u.addCard();
      const res = await u.subscribe('pro');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^sub_local_/),
        planId: 'pro',
        planName: 'Pro',
        status: 'active',
        currentPeriodEnd: expect.any(String),
        cancelAtPeriodEnd: false,
        scheduledPlanId: null,
        scheduledChangeAt: null,
      });
      const periodEnd = new Date(res.body.currentPeriodEnd).getTime();
      expect(periodEnd).toBeGreaterThan(Date.now() + 27 * 86_400_000);
      expect(periodEnd).toBeLessThan(Date.now() + 32 * 86_400_000);
      expect((await u.subscription()).body).toMatchObject({ subscription: res.body });
      expect(await t.subscriptionEvents(u.id)).toEqual([
        {
          userId: u.id,
          subscriptionId: res.body.id,
          change: 'created',
          planId: 'pro',
          planName: 'Pro',
          status: 'active',
          active: true,
          currentPeriodEnd: res.body.currentPeriodEnd,
          cancelAtPeriodEnd: false,
          limits: { monthlyQuoteRequests: 50 },
          revision: 1,
        },
      ]);
      const invoices = await u.invoices();
      expect(invoices.body).toEqual([
        {
          id: expect.stringMatching(/^in_local_/),
          number: expect.stringMatching(/^RQ-[0-9A-F]{10}$/),
          date: expect.any(String),
          amountCents: 4900,
          displayAmount: '$49.00',
          currency: 'usd',
          status: 'paid',
          planId: 'pro',
          planName: 'Pro',
          proration: false,
          receiptUrl: `/api/billing/invoices/${invoices.body[0].id}/receipt`,
        },
      ]);
      expect(await u.subscribe('enterprise')).toMatchObject({
        status: 409,
        body: { error: 'You already have a subscription: switch plans instead' },
      });
      expect(await t.subscriptionEvents(u.id)).toHaveLength(1);
    });

    it('answers a retried subscribe (same Idempotency-Key) with the same subscription, once', async () => {
      const u = user();
      await u.addCard();
      const first = await u.subscribe('entry-level', 'action-1');
      const retry = await u.subscribe('entry-level', 'action-1');
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect(await t.db.query('SELECT id FROM subscriptions WHERE user_id = $1', [u.id])).toEqual([
        { id: first.body.id },
      ]);
      expect(await t.subscriptionEvents(u.id)).toHaveLength(1);
      expect((await u.invoices()).body).toHaveLength(1);
    });

    it("switches the plan keeping the period, refuses the same plan (409) and another user's id (404)", async () => {
      const u = user();
      const other = user();
      await u.addCard();
      await other.addCard();
      const mine = (await u.subscribe('pro')).body;
      const theirs = (await other.subscribe('entry-level')).body;
      const switched = await u.switchPlan(mine.id, 'enterprise');
      expect(switched.status).toBe(200);
      expect(switched.body).toEqual({ ...mine, planId: 'enterprise', planName: 'Enterprise' });
      expect(
        (await t.subscriptionEvents(u.id)).map((e) => [e.change, e.planId, e.limits.monthlyQuoteRequests, e.revision]),
      ).toEqual([
        ['created', 'pro', 50, 1],
        ['switched', 'enterprise', null, 2],
      ]);
      expect(await u.switchPlan(mine.id, 'enterprise')).toMatchObject({
        status: 409,
        body: { error: 'You are already on this plan' },
      });
      expect(await u.switchPlan(theirs.id, 'pro')).toMatchObject({
        status: 404,
        body: { error: 'Subscription not found' },
      });
      expect(await u.cancel(theirs.id)).toMatchObject({ status: 404, body: { error: 'Subscription not found' } });
      expect((await other.subscription()).body.subscription).toEqual(theirs);
      expect(await t.subscriptionEvents(other.id)).toHaveLength(1);
      expect(await u.switchPlan(mine.id, 'gold')).toMatchObject({
        status: 400,
        body: { details: [{ field: 'planId', message: BillingMessages.planRequired }] },
      });
    });

    it('cancels at period end (auto-renew off, access kept), twice without a second event; a switch turns auto-renew back on', async () => {
      const u = user();
      await u.addCard();
      const sub = (await u.subscribe('pro')).body;
      const cancelled = await u.cancel(sub.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ ...sub, cancelAtPeriodEnd: true });
      expect((await u.subscription()).body.subscription).toEqual({ ...sub, cancelAtPeriodEnd: true });
      expect((await u.cancel(sub.id)).body).toEqual({ ...sub, cancelAtPeriodEnd: true });
      const resumed = await u.switchPlan(sub.id, 'enterprise');
      expect(resumed.body).toMatchObject({
        planId: 'enterprise',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: sub.currentPeriodEnd,
      });
      expect((await t.subscriptionEvents(u.id)).map((e) => [e.change, e.cancelAtPeriodEnd, e.active])).toEqual([
        ['created', false, true],
        ['cancelled', true, true],
        ['switched', false, true],
      ]);
    });

    it('ends a cancelled subscription when its period is over (clock moved), with the ended event; then it is gone', async () => {
      const u = user();
      await u.addCard();
      const sub = (await u.subscribe('pro')).body;
      await u.cancel(sub.id);
      expect(await t.sweeper.runOnce()).toBe(0);
      jest.spyOn(t.clock, 'now').mockReturnValue(new Date(new Date(sub.currentPeriodEnd).getTime() + 1000));
      expect(await t.sweeper.runOnce()).toBeGreaterThanOrEqual(1);
      expect((await u.subscription()).body).toEqual({ subscription: null, planChanges: [] });
      const events = await t.subscriptionEvents(u.id);
      expect(events.at(-1)).toEqual({
        userId: u.id,
        subscriptionId: sub.id,
        change: 'ended',
        planId: 'pro',
        planName: 'Pro',
        status: 'canceled',
        active: false,
        currentPeriodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: true,
        limits: { monthlyQuoteRequests: 50 },
        revision: 3,
      });
      expect(await u.switchPlan(sub.id, 'enterprise')).toMatchObject({
        status: 409,
        body: { error: 'This subscription has ended' },
      });
      expect(await u.cancel(sub.id)).toMatchObject({ status: 409, body: { error: 'This subscription has ended' } });
      // A new subscription may start.
      expect((await u.subscribe('enterprise')).status).toBe(201);
    });

    it('renews a subscription that was not cancelled: next period, a new paid invoice, the renewed event', async () => {
      const u = user();
      await u.addCard();
      const sub = (await u.subscribe('entry-level')).body;
      jest.spyOn(t.clock, 'now').mockReturnValue(new Date(new Date(sub.currentPeriodEnd).getTime() + 1000));
      await t.sweeper.runOnce();
      const renewed = (await u.subscription()).body.subscription;
      expect(renewed).toMatchObject({ id: sub.id, status: 'active', cancelAtPeriodEnd: false });
      expect(new Date(renewed.currentPeriodEnd).getTime()).toBe(oneMonthAfter(sub.currentPeriodEnd));
      expect((await t.subscriptionEvents(u.id)).map((e) => [e.change, e.currentPeriodEnd])).toEqual([
        ['created', sub.currentPeriodEnd],
        ['renewed', renewed.currentPeriodEnd],
      ]);
      const invoices = (await u.invoices()).body;
      expect(invoices.map((i: { amountCents: number; status: string }) => [i.amountCents, i.status])).toEqual([
        [1900, 'paid'],
        [1900, 'paid'],
      ]);
      expect(invoices[0].date).toBe(sub.currentPeriodEnd);
    });

    it('publishes subscription-changed on the exchange through the outbox relay', async () => {
      const collector = await collectEvents(t.env.amqpUrl, t.env.exchange, ['subscription-changed']);
      try {
        const u = user();
        await u.addCard();
        const sub = (await u.subscribe('enterprise')).body;
        const event = await waitFor(() =>
          collector.received.find((e) => (e.data as { userId: string }).userId === u.id),
        );
        expect(event).toMatchObject({
          type: 'subscription-changed',
          source: 'svc-billing',
          data: { subscriptionId: sub.id, change: 'created', planName: 'Enterprise' },
        });
      } finally {
        await collector.close();
      }
    });
  });

  describe('changes of plan, prorated as Stripe does', () => {
    // A period in the future, so the background sweep (real time) never finds it due.
    const START = new Date('2030-03-01T00:00:00Z');
    const END = '2030-04-01T00:00:00.000Z';
    const at = (iso: string) => jest.spyOn(t.clock, 'now').mockReturnValue(new Date(iso));

    it('an upgrade applies now and charges the prorated difference at once, with its receipt in the history', async () => {
      const u = user();
      await u.addCard();
      at(START.toISOString());
      const sub = (await u.subscribe('entry-level')).body;
      expect(sub.currentPeriodEnd).toBe(END);
      expect((await u.subscription()).body.planChanges).toEqual([
        { planId: 'pro', when: 'now', amountDueNowCents: 3000, effectiveAt: START.toISOString() },
        { planId: 'enterprise', when: 'now', amountDueNowCents: 18000, effectiveAt: START.toISOString() },
      ]);
      // Half of the 31-day period left: Pro's 2450 less Entry Level's unused 950.
      at('2030-03-16T12:00:00Z');
      expect((await u.subscription()).body.planChanges[0]).toMatchObject({ planId: 'pro', amountDueNowCents: 1500 });
      const switched = await u.switchPlan(sub.id, 'pro');
      expect(switched.status).toBe(200);
      expect(switched.body).toEqual({ ...sub, planId: 'pro', planName: 'Pro' });
      const history = (await u.invoices()).body;
      expect(
        history.map(
          (i: { amountCents: number; displayAmount: string; status: string; planName: string; proration: boolean }) => [
            i.amountCents,
            i.displayAmount,
            i.status,
            i.planName,
            i.proration,
          ],
        ),
      ).toEqual([
        [1500, '$15.00', 'paid', 'Pro', true],
        [1900, '$19.00', 'paid', 'Entry Level', false],
      ]);
      expect(history[0].date).toBe('2030-03-16T12:00:00.000Z');
      const receipt = await u.receipt(history[0].id);
      expect(receipt.status).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      expect((receipt.body as Buffer).toString('latin1')).toContain(`Receipt ${history[0].number}`);
      expect(
        (await t.subscriptionEvents(u.id)).map((e) => [e.change, e.planId, e.limits.monthlyQuoteRequests]),
      ).toEqual([
        ['created', 'entry-level', 5],
        ['switched', 'pro', 50],
      ]);
    });

    it('a downgrade waits for the period end, charging nothing, and applies when the period renews', async () => {
      const u = user();
      await u.addCard();
      at(START.toISOString());
      const sub = (await u.subscribe('pro')).body;
      // 22 of 31 days left: round(19900 * 22/31) - round(4900 * 22/31) = 14123 - 3477.
      at('2030-03-10T00:00:00Z');
      expect((await u.subscription()).body.planChanges).toEqual([
        { planId: 'entry-level', when: 'period_end', amountDueNowCents: 0, effectiveAt: END },
        { planId: 'enterprise', when: 'now', amountDueNowCents: 10646, effectiveAt: '2030-03-10T00:00:00.000Z' },
      ]);
      const scheduled = await u.switchPlan(sub.id, 'entry-level');
      expect(scheduled.status).toBe(200);
      expect(scheduled.body).toEqual({ ...sub, scheduledPlanId: 'entry-level', scheduledChangeAt: END });
      // Asked again: the same schedule, nothing else.
      expect((await u.switchPlan(sub.id, 'entry-level')).body).toEqual(scheduled.body);
      expect((await u.subscription()).body.subscription).toEqual(scheduled.body);
      expect((await u.invoices()).body).toHaveLength(1);
      expect((await t.subscriptionEvents(u.id)).map((e) => e.change)).toEqual(['created']);

      at('2030-04-01T00:00:01Z');
      expect(await t.sweeper.runOnce()).toBeGreaterThanOrEqual(1);
      const renewed = (await u.subscription()).body.subscription;
      expect(renewed).toEqual({
        ...sub,
        planId: 'entry-level',
        planName: 'Entry Level',
        currentPeriodEnd: '2030-05-01T00:00:00.000Z',
      });
      expect(
        (await u.invoices()).body.map((i: { amountCents: number; date: string }) => [i.amountCents, i.date]),
      ).toEqual([
        [1900, END],
        [4900, START.toISOString()],
      ]);
      expect((await t.subscriptionEvents(u.id)).map((e) => [e.change, e.planId, e.currentPeriodEnd])).toEqual([
        ['created', 'pro', END],
        ['switched', 'entry-level', '2030-05-01T00:00:00.000Z'],
      ]);
    });

    it('choosing the current plan again drops a waiting downgrade; a cancel drops it too', async () => {
      const u = user();
      await u.addCard();
      at(START.toISOString());
      const sub = (await u.subscribe('enterprise')).body;
      await u.switchPlan(sub.id, 'pro');
      expect((await u.switchPlan(sub.id, 'enterprise')).body).toEqual(sub);
      await u.switchPlan(sub.id, 'entry-level');
      expect((await u.cancel(sub.id)).body).toEqual({ ...sub, cancelAtPeriodEnd: true });
      expect((await u.invoices()).body).toHaveLength(1);
    });
  });

  describe('billing history', () => {
    it("serves a receipt PDF of the user's invoice, 404 to anyone else", async () => {
      const u = user();
      const other = user();
      await u.addCard();
      await u.subscribe('pro');
      const [invoice] = (await u.invoices()).body;
      const res = await u.receipt(invoice.id);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${invoice.number}.pdf"`);
      const pdf = (res.body as Buffer).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf).toContain(`Receipt ${invoice.number}`);
      expect(await other.receipt(invoice.id)).toMatchObject({ status: 404, body: { error: 'Invoice not found' } });
      expect((await other.invoices()).body).toEqual([]);
    });
  });
});
