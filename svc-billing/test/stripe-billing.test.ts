import Stripe from 'stripe';
import { waitFor } from '@rampquote/service-kit/testing';
import { PAYMENT_PROVIDER } from '../src/payment-providers/payment-provider';
import { StripePaymentProvider } from '../src/payment-providers/stripe/stripe-payment.provider';
import { FakeStripe } from './support/fake-stripe';
import { newUserId, startBilling, type BillingTestApp } from './support/billing-app';

const WEBHOOK_SECRET = 'whsec_test_rampquote_secret';
const signer = new Stripe('sk_test_signer_only');

/**
 * The Stripe adapter through the API, against a local server that answers like Stripe's API (the SDK's host, port and
 * protocol options): customers (on user-registered and on demand), SetupIntents, PaymentMethods and the customer's
 * default, Prices per plan, Subscriptions created / switched with proration / cancelled at period end, idempotency
 * keys on every create, and the signed webhook.
 */
describe('billing with Stripe (fake Stripe API; real PostgreSQL and RabbitMQ)', () => {
  let t: BillingTestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await startBilling({
      STRIPE_SECRET_KEY: 'sk_test_rampquote',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_rampquote',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function user() {
    const id = newUserId();
    const email = `${id.slice(0, 8)}@example.com`;
    const as = () => t.asUser(id, email);
    const u = {
      id,
      email,
      record: () => t.http().get('/api/billing').use(as()),
      setupIntent: (key?: string) => {
        const req = t.http().post('/api/billing/setup-intent').use(as());
        return key ? req.set('Idempotency-Key', key) : req;
      },
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
      customerId: async () =>
        (await t.db.query('SELECT provider_customer_id FROM billing_customers WHERE user_id = $1', [id]))[0]
          ?.provider_customer_id as string | undefined,
      /** A card made by Stripe Elements and added; its id. */
      addCard: async (card: { last4?: string } = {}) => {
        const pm = fake.addPaymentMethod(card);
        const res = await u.add({ paymentMethodId: pm.id });
        expect(res.status).toBe(201);
        return pm.id as string;
      },
    };
    return u;
  }

  /** The fake's Price id of a plan. */
  const priceOf = (planId: string) =>
    [...fake.prices.values()].find((p) => p.lookup_key === `rampquote_${planId}_monthly`)!.id;

  /** A signed webhook delivery of `event` (raw text as given), with a signature made with `secret` at `timestamp`. */
  function deliver(payload: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
    const req = t
      .http()
      .post('/api/billing/webhook')
      .use(t.asVisitor())
      .set('Content-Type', 'application/json; charset=utf-8');
    const signature =
      options.signature === undefined
        ? signer.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? WEBHOOK_SECRET,
            timestamp: options.timestamp,
          })
        : options.signature;
    return (signature === null ? req : req.set('Stripe-Signature', signature)).send(payload);
  }
  let eventCounter = 0;
  const stripeEvent = (type: string, object: object, created = Math.floor(Date.now() / 1000)) =>
    // Spaced and indented like Stripe's own deliveries: only the raw bytes verify.
    JSON.stringify(
      {
        id: `evt_test_${++eventCounter}_${Date.now()}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        livemode: false,
        type,
        data: { object },
      },
      null,
      2,
    );

  describe('customers', () => {
    it('creates the Stripe customer when user-registered arrives, once for a redelivered or repeated event', async () => {
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
      await t.publish('user-registered', data);
      const customerId = await waitFor(() => u.customerId());
      await waitFor(
        async () => (await t.db.query('SELECT 1 FROM outbox_events WHERE sent_at IS NULL')).length === 0,
        10_000,
        'the relay',
      );
      await waitFor(
        async () =>
          (await t.db.query(`SELECT count(*)::int AS n FROM inbox_events WHERE type = 'user-registered'`))[0].n >= 2,
        10_000,
        'both event ids handled',
      );
      const creates = fake
        .calls('POST /v1/customers')
        .filter((r) => (r.params.metadata as { userId?: string })?.userId === u.id);
      expect(creates.map((r) => r.idempotencyKey)).toEqual([`customer:${u.id}`]);
      expect(fake.customers.get(customerId)).toMatchObject({ email: u.email, metadata: { userId: u.id } });
      expect(creates[0].authorization).toBe('Bearer sk_test_rampquote');
    });

    it('never creates twice with the same idempotency key: a repeated create answers the same customer', async () => {
      const provider = t.app.get<StripePaymentProvider>(PAYMENT_PROVIDER);
      const userId = newUserId();
      const first = await provider.createCustomer({ userId, email: 'twice@example.com' });
      const again = await provider.createCustomer({ userId, email: 'twice@example.com' });
      expect(again).toBe(first);
      const creates = fake.calls('POST /v1/customers').filter((r) => r.idempotencyKey === `customer:${userId}`);
      expect(creates.map((r) => r.replayed)).toEqual([false, true]);
      expect(
        [...fake.customers.values()].filter((c) => (c.metadata as { userId?: string }).userId === userId),
      ).toHaveLength(1);
    });
  });

  describe('cards', () => {
    it('answers a SetupIntent with the publishable key, making the customer on demand for an older user', async () => {
      const u = user();
      expect((await u.record()).body).toEqual({
        customerId: null,
        paymentMethods: [],
        defaultPaymentMethodId: null,
        provider: 'stripe',
        publishableKey: 'pk_test_rampquote',
        testMode: true,
      });
      const res = await u.setupIntent('open-dialog-1');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        clientSecret: expect.stringMatching(/^seti_fake\d+_secret_fake$/),
        publishableKey: 'pk_test_rampquote',
      });
      const customerId = await u.customerId();
      expect(customerId).toMatch(/^cus_fake/);
      const [call] = fake.calls('POST /v1/setup_intents').filter((r) => r.params.customer === customerId);
      expect(call).toMatchObject({
        idempotencyKey: `setup-intent:${u.id}:open-dialog-1`,
        params: { usage: 'off_session', metadata: { userId: u.id } },
      });
      expect((await u.record()).body.customerId).toBe(customerId);
    });

    it("attaches the card, makes the first the customer's default at Stripe, and sets another default", async () => {
      const u = user();
      const first = await u.addCard({ last4: '4242' });
      const customerId = (await u.customerId())!;
      expect(fake.paymentMethods.get(first)?.customer).toBe(customerId);
      expect(fake.calls(`POST /v1/payment_methods/${first}/attach`)[0].idempotencyKey).toBe(
        `attach:${first}:${customerId}`,
      );
      expect(
        (fake.customers.get(customerId)!.invoice_settings as { default_payment_method: string }).default_payment_method,
      ).toBe(first);
      // A card Stripe already attached to this customer (a confirmed SetupIntent) is taken as it is.
      const second = fake.addPaymentMethod({ last4: '1881', brand: 'visa' }, customerId);
      const added = await u.add({ paymentMethodId: second.id });
      expect(added.body).toEqual({
        id: second.id,
        isDefault: false,
        card: { brand: 'visa', last4: '1881', exp_month: 12, exp_year: 2034 },
      });
      expect(fake.calls(`POST /v1/payment_methods/${second.id}/attach`)).toEqual([]);
      const changed = await u.setDefault(second.id as string);
      expect(changed.body.defaultPaymentMethodId).toBe(second.id);
      expect(
        (fake.customers.get(customerId)!.invoice_settings as { default_payment_method: string }).default_payment_method,
      ).toBe(second.id);
    });

    it("refuses an unknown card and another customer's card with 404, attaching nothing", async () => {
      const u = user();
      const other = user();
      const theirs = await other.addCard();
      expect(await u.add({ paymentMethodId: 'pm_does_not_exist' })).toMatchObject({
        status: 404,
        body: { error: 'Payment method not found' },
      });
      expect(await u.add({ paymentMethodId: theirs })).toMatchObject({
        status: 404,
        body: { error: 'Payment method not found' },
      });
      expect(fake.paymentMethods.get(theirs)?.customer).toBe(await other.customerId());
      expect((await u.record()).body.paymentMethods).toEqual([]);
    });

    it('detaches a removed card at Stripe and promotes the other to default there', async () => {
      const u = user();
      const a = await u.addCard({ last4: '0001' });
      const b = await u.addCard({ last4: '0002' });
      const res = await u.remove(a);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ defaultPaymentMethodId: b, paymentMethods: [{ id: b, isDefault: true }] });
      expect(fake.paymentMethods.get(a)?.customer).toBeNull();
      const customerId = (await u.customerId())!;
      expect(
        (fake.customers.get(customerId)!.invoice_settings as { default_payment_method: string }).default_payment_method,
      ).toBe(b);
    });
  });

  describe('subscriptions', () => {
    it('subscribes with a Price per plan (found by lookup key, created once), an idempotency key, and writes the event', async () => {
      const u = user();
      await u.addCard();
      const res = await u.subscribe('pro', 'subscribe-click-1');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^sub_fake/),
        planId: 'pro',
        planName: 'Pro',
        status: 'active',
        currentPeriodEnd: expect.any(String),
        cancelAtPeriodEnd: false,
        scheduledPlanId: null,
        scheduledChangeAt: null,
      });
      const remote = fake.subscriptions.get(res.body.id)!;
      const item = (
        remote.items as {
          data: { price: { id: string; lookup_key: string; unit_amount: number }; current_period_end: number }[];
        }
      ).data[0];
      expect(item.price).toMatchObject({ lookup_key: 'rampquote_pro_monthly', unit_amount: 4900 });
      expect(res.body.currentPeriodEnd).toBe(new Date(item.current_period_end * 1000).toISOString());
      expect(remote.metadata).toEqual({ userId: u.id, planId: 'pro' });
      const [create] = fake.calls('POST /v1/subscriptions').filter((r) => r.params.customer === remote.customer);
      expect(create).toMatchObject({
        idempotencyKey: `subscription:${u.id}:pro:subscribe-click-1`,
        params: { payment_behavior: 'error_if_incomplete', expand: ['latest_invoice'] },
      });
      expect((await t.subscriptionEvents(u.id)).map((e) => [e.change, e.planId, e.subscriptionId])).toEqual([
        ['created', 'pro', res.body.id],
      ]);
      expect((await u.invoices()).body).toEqual([
        expect.objectContaining({
          amountCents: 4900,
          status: 'paid',
          planId: 'pro',
          number: expect.stringMatching(/^FAKE-/),
        }),
      ]);

      // Another subscriber to the same plan: the Price is found, not created again.
      const v = user();
      await v.addCard();
      expect((await v.subscribe('pro')).status).toBe(201);
      expect(fake.calls('POST /v1/prices').filter((r) => r.params.lookup_key === 'rampquote_pro_monthly')).toHaveLength(
        1,
      );
    });

    it('never creates a subscription twice for one request key, at the adapter and through the API', async () => {
      const u = user();
      const card = await u.addCard();
      const provider = t.app.get<StripePaymentProvider>(PAYMENT_PROVIDER);
      const customerId = (await u.customerId())!;
      const input = {
        customerId,
        userId: u.id,
        planId: 'entry-level' as const,
        paymentMethod: { id: card, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
        requestKey: 'retry-me',
        now: new Date(),
      };
      const first = await provider.createSubscription(input);
      const again = await provider.createSubscription(input);
      expect(again.id).toBe(first.id);
      expect(
        fake
          .calls('POST /v1/subscriptions')
          .filter((r) => r.params.customer === customerId)
          .map((r) => [r.idempotencyKey, r.replayed]),
      ).toEqual([
        [`subscription:${u.id}:entry-level:retry-me`, false],
        [`subscription:${u.id}:entry-level:retry-me`, true],
      ]);
      expect([...fake.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
      // The page retries the request whose answer was lost (Stripe made the subscription, svc-billing did not keep it):
      // the same key gets Stripe's same subscription, now kept here, and still one at Stripe.
      const retried = await u.subscribe('entry-level', 'retry-me');
      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ id: first.id, planId: 'entry-level' });
      expect([...fake.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
      expect((await t.subscriptionEvents(u.id)).map((e) => [e.change, e.subscriptionId])).toEqual([
        ['created', first.id],
      ]);
    });

    it("answers 402 with Stripe's reason when the first payment is declined, storing nothing", async () => {
      const u = user();
      await u.addCard();
      fake.declineNextPayment = true;
      const res = await u.subscribe('enterprise');
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ error: 'Payment failed', details: [{ message: 'Your card was declined.' }] });
      expect((await u.subscription()).body).toEqual({ subscription: null, planChanges: [] });
      expect(await t.subscriptionEvents(u.id)).toEqual([]);
    });

    it('upgrades with always_invoice: the prorated difference charged at once, in the history with its receipt; then cancels', async () => {
      const u = user();
      await u.addCard();
      const sub = (await u.subscribe('entry-level')).body;
      expect((await u.subscription()).body.planChanges[1]).toMatchObject({
        planId: 'enterprise',
        when: 'now',
        amountDueNowCents: 18000,
      });
      const switched = await u.switchPlan(sub.id, 'enterprise');
      expect(switched.status).toBe(200);
      expect(switched.body).toEqual({ ...sub, planId: 'enterprise', planName: 'Enterprise' });
      const [update] = fake.calls(`POST /v1/subscriptions/${sub.id}`);
      expect(update.params).toMatchObject({
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: 'false',
        metadata: { planId: 'enterprise' },
        expand: ['latest_invoice'],
      });
      expect(update.idempotencyKey).toMatch(new RegExp(`^subscription-switch:${sub.id}:enterprise:`));
      const remote = fake.subscriptions.get(sub.id)!;
      const items = (remote.items as { data: { price: { lookup_key: string } }[] }).data;
      expect(items.map((i) => i.price.lookup_key)).toEqual(['rampquote_enterprise_monthly']);
      const history = (await u.invoices()).body;
      expect(
        history.map((i: { id: string; displayAmount: string; planName: string }) => [
          i.id,
          i.displayAmount,
          i.planName,
        ]),
      ).toEqual([
        [remote.latest_invoice, '$180.00', 'Enterprise'],
        [expect.stringMatching(/^in_fake/), '$19.00', 'Entry Level'],
      ]);
      expect(history.map((i: { proration: boolean }) => i.proration)).toEqual([true, false]);
      const receipt = await t.http().get(history[0].receiptUrl).use(t.asUser(u.id, u.email)).buffer(true);
      expect(receipt.status).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');

      const cancelled = await u.cancel(sub.id);
      expect(cancelled.body).toMatchObject({ id: sub.id, planId: 'enterprise', cancelAtPeriodEnd: true });
      expect(remote.cancel_at_period_end).toBe(true);
      expect((await t.subscriptionEvents(u.id)).map((e) => e.change)).toEqual(['created', 'switched', 'cancelled']);
    });

    it('refuses an upgrade whose charge is declined (402), keeping the plan', async () => {
      const u = user();
      await u.addCard();
      const sub = (await u.subscribe('entry-level')).body;
      fake.declineNextPayment = true;
      expect(await u.switchPlan(sub.id, 'pro')).toMatchObject({ status: 402, body: { error: 'Payment failed' } });
      expect((await u.subscription()).body.subscription).toEqual(sub);
      expect((await u.invoices()).body).toHaveLength(1);
    });
  });

  describe('webhook', () => {
    /** A user subscribed to Pro at the fake, and the subscription as Stripe would send it. */
    async function subscribed() {
      const u = user();
      await u.addCard();
      const sub = (await u.subscribe('pro')).body;
      const remote = () =>
        structuredClone(fake.subscriptions.get(sub.id)!) as Record<string, unknown> & {
          items: { data: Record<string, number>[] };
        };
      return { u, sub, remote };
    }

    it('verifies the signature over the raw body and ends the subscription on customer.subscription.deleted, once', async () => {
      const { u, sub, remote } = await subscribed();
      const ended = {
        ...remote(),
        status: 'canceled',
        ended_at: Math.floor(Date.now() / 1000),
        canceled_at: Math.floor(Date.now() / 1000),
      };
      const payload = stripeEvent('customer.subscription.deleted', ended);
      const res = await deliver(payload);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
      expect((await u.subscription()).body).toEqual({ subscription: null, planChanges: [] });
      const events = await t.subscriptionEvents(u.id);
      expect(events.at(-1)).toMatchObject({
        change: 'ended',
        status: 'canceled',
        active: false,
        subscriptionId: sub.id,
      });
      // Stripe delivers again: acknowledged, nothing applied twice.
      expect((await deliver(payload)).body).toEqual({ received: true, duplicate: true });
      expect(await t.subscriptionEvents(u.id)).toHaveLength(events.length);
    });

    it('refuses a wrong secret, a replayed old delivery, an altered body and a missing signature with 400', async () => {
      const { u, sub, remote } = await subscribed();
      const payload = stripeEvent('customer.subscription.updated', { ...remote(), cancel_at_period_end: true });
      const refused = { status: 400, body: { error: 'Invalid webhook signature' } };
      expect(await deliver(payload, { secret: 'whsec_someone_else' })).toMatchObject(refused);
      expect(await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toMatchObject(refused);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(
        await deliver(payload.replace('"cancel_at_period_end": true', '"cancel_at_period_end": false'), { signature }),
      ).toMatchObject(refused);
      expect(await deliver(payload, { signature: null })).toMatchObject(refused);
      expect((await u.subscription()).body.subscription).toEqual(sub);
      expect(await t.subscriptionEvents(u.id)).toHaveLength(1);
    });

    it('brings a renewal and a cancel made at Stripe in line, ignoring an older event arriving late', async () => {
      const { u, sub, remote } = await subscribed();
      const current = remote();
      const item = current.items.data[0];
      const renewedItem = {
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: item.current_period_end + 30 * 86_400,
      };
      const later = Math.floor(Date.now() / 1000) + 5;
      expect(
        (
          await deliver(
            stripeEvent(
              'customer.subscription.updated',
              { ...current, items: { ...current.items, data: [renewedItem] } },
              later,
            ),
          )
        ).status,
      ).toBe(200);
      const renewedEnd = new Date(renewedItem.current_period_end * 1000).toISOString();
      expect((await u.subscription()).body.subscription).toMatchObject({ id: sub.id, currentPeriodEnd: renewedEnd });
      // An event from before the renewal (delivered late) changes nothing.
      expect(
        (
          await deliver(
            stripeEvent('customer.subscription.updated', { ...current, cancel_at_period_end: true }, later - 60),
          )
        ).status,
      ).toBe(200);
      expect((await u.subscription()).body.subscription).toMatchObject({
        currentPeriodEnd: renewedEnd,
        cancelAtPeriodEnd: false,
      });
      // Cancelled in Stripe's dashboard.
      await deliver(
        stripeEvent(
          'customer.subscription.updated',
          { ...current, items: { ...current.items, data: [renewedItem] }, cancel_at_period_end: true },
          later + 1,
        ),
      );
      expect((await u.subscription()).body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
      expect((await t.subscriptionEvents(u.id)).map((e) => e.change)).toEqual(['created', 'renewed', 'cancelled']);
    });

    it('downgrades through a subscription schedule at the period end, applied when Stripe moves to the next phase', async () => {
      const { u, sub, remote } = await subscribed();
      const scheduled = await u.switchPlan(sub.id, 'entry-level');
      expect(scheduled.status).toBe(200);
      expect(scheduled.body).toEqual({
        ...sub,
        scheduledPlanId: 'entry-level',
        scheduledChangeAt: sub.currentPeriodEnd,
      });
      const [created] = fake.calls('POST /v1/subscription_schedules');
      expect(created.params).toEqual({ from_subscription: sub.id });
      const scheduleId = remote().schedule as string;
      const [update] = fake.calls(`POST /v1/subscription_schedules/${scheduleId}`);
      const end = String(new Date(sub.currentPeriodEnd).getTime() / 1000);
      expect(update.params).toMatchObject({
        end_behavior: 'release',
        phases: [
          { items: [{ price: priceOf('pro') }], end_date: end, metadata: { planId: 'pro' } },
          { items: [{ price: priceOf('entry-level') }], metadata: { planId: 'entry-level' } },
        ],
      });
      expect(fake.calls(`POST /v1/subscriptions/${sub.id}`)).toEqual([]);
      expect((await u.invoices()).body).toHaveLength(1);

      // The schedule's next phase at Stripe: the new price, the phase's metadata, the next period.
      const current = remote();
      const item = current.items.data[0];
      const next = {
        ...current,
        metadata: { userId: u.id, planId: 'entry-level' },
        items: {
          ...current.items,
          data: [
            {
              ...item,
              current_period_start: item.current_period_end,
              current_period_end: item.current_period_end + 30 * 86_400,
            },
          ],
        },
      };
      await deliver(stripeEvent('customer.subscription.updated', next, Math.floor(Date.now() / 1000) + 5));
      expect((await u.subscription()).body.subscription).toMatchObject({
        planId: 'entry-level',
        scheduledPlanId: null,
        scheduledChangeAt: null,
      });
      expect((await t.subscriptionEvents(u.id)).map((e) => [e.change, e.planId])).toEqual([
        ['created', 'pro'],
        ['switched', 'entry-level'],
      ]);
    });

    it('drops a scheduled downgrade (schedule released) before a cancel', async () => {
      const { u, sub, remote } = await subscribed();
      await u.switchPlan(sub.id, 'entry-level');
      const scheduleId = remote().schedule as string;
      const cancelled = await u.cancel(sub.id);
      expect(cancelled.body).toEqual({ ...sub, cancelAtPeriodEnd: true });
      expect(fake.schedules.get(scheduleId)).toMatchObject({ status: 'released' });
      expect(remote()).toMatchObject({ schedule: null, cancel_at_period_end: true });
    });

    it('keeps paid and failed invoices in the billing history', async () => {
      const { u, sub } = await subscribed();
      const customer = (await u.customerId())!;
      const created = Math.floor(Date.now() / 1000) + 60;
      const invoice = {
        ...fake.invoiceFor({ id: sub.id, customer, metadata: { userId: u.id, planId: 'pro' } }, 4900, created),
        status: 'open',
        amount_paid: 0,
        status_transitions: { paid_at: null },
      };
      expect((await deliver(stripeEvent('invoice.payment_failed', invoice))).body).toEqual({ received: true });
      expect((await u.invoices()).body[0]).toMatchObject({
        id: invoice.id,
        status: 'open',
        amountCents: 4900,
        planId: 'pro',
      });
      await deliver(
        stripeEvent('invoice.paid', {
          ...invoice,
          status: 'paid',
          amount_paid: 4900,
          status_transitions: { paid_at: created + 5 },
        }),
      );
      const history = (await u.invoices()).body;
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({ id: invoice.id, status: 'paid', displayAmount: '$49.00' });
    });

    it('drops a card detached at Stripe and promotes the other; ignores events of unknown customers and types', async () => {
      const u = user();
      const a = await u.addCard({ last4: '1111' });
      const b = await u.addCard({ last4: '2222' });
      const detached = { ...fake.paymentMethods.get(a)!, customer: null };
      expect((await deliver(stripeEvent('payment_method.detached', detached))).body).toEqual({ received: true });
      expect((await u.record()).body).toMatchObject({
        defaultPaymentMethodId: b,
        paymentMethods: [{ id: b, isDefault: true }],
      });
      expect(
        (
          await deliver(
            stripeEvent('customer.subscription.updated', {
              id: 'sub_unknown',
              customer: 'cus_unknown',
              status: 'active',
              items: { data: [] },
            }),
          )
        ).body,
      ).toEqual({
        received: true,
        ignored: true,
      });
      expect((await deliver(stripeEvent('charge.refunded', { id: 'ch_1' }))).body).toEqual({
        received: true,
        ignored: true,
      });
    });
  });
});
