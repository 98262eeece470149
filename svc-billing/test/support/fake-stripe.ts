import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  replayed: boolean;
}

/** Stripe's form encoding (`items[0][price]=x`, `expand[0]=y`) back to objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

const PERIOD_SECONDS = 30 * 86_400;

/**
 * A local HTTP server that answers like Stripe's API for the calls svc-billing makes (customers, SetupIntents,
 * PaymentMethods, Prices, Subscriptions with their first invoice). It keeps its objects in memory, records every
 * request with its Idempotency-Key, and answers a repeated key with the first answer (as Stripe does).
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly schedules = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  /** The next subscription create fails with a card decline. */
  declineNextPayment = false;
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  private counter = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests to a path (method and path, e.g. `POST /v1/customers`). */
  calls(methodAndPath: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) =>
      typeof methodAndPath === 'string'
        ? `${r.method} ${r.path}` === methodAndPath
        : methodAndPath.test(`${r.method} ${r.path}`),
    );
  }

  /** A card PaymentMethod as Stripe Elements makes it (unattached, or attached by a confirmed SetupIntent). */
  addPaymentMethod(
    card: { brand?: string; last4?: string; exp_month?: number; exp_year?: number } = {},
    customer: string | null = null,
  ): Json {
    const pm = {
      id: this.id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: {
        brand: card.brand ?? 'visa',
        last4: card.last4 ?? '4242',
        exp_month: card.exp_month ?? 12,
        exp_year: card.exp_year ?? 2034,
      },
      created: now(),
      livemode: false,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${String(this.counter).padStart(6, '0')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.invalid');
    const params =
      req.method === 'GET'
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: req.headers.authorization,
      replayed: false,
    };
    this.requests.push(recorded);
    const send = (status: number, body: Json, replayed = false) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${this.counter}`,
        ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body));
    };
    const cacheKey = idempotencyKey && req.method === 'POST' ? `${url.pathname}|${idempotencyKey}` : undefined;
    const earlier = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    if (earlier) {
      recorded.replayed = true;
      return send(earlier.status, earlier.body, true);
    }
    const { status, body } = this.route(req.method ?? 'GET', url.pathname, params);
    if (cacheKey) this.idempotent.set(cacheKey, { status, body });
    send(status, body);
  }

  private route(method: string, path: string, p: Json): { status: number; body: Json } {
    const ok = (body: Json) => ({ status: 200, body: structuredClone(body) });
    const missing = (what: string, id: string) => ({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: `No such ${what}: '${id}'`,
        },
      },
    });
    const refused = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message } } });
    const declined = () => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      },
    });
    const seg = path.split('/').slice(2); // after /v1
    const [resource, id, action] = seg;

    if (resource === 'customers') {
      if (method === 'POST' && !id) {
        const customer = {
          id: this.id('cus'),
          object: 'customer',
          email: p.email ?? null,
          metadata: p.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          created: now(),
        };
        this.customers.set(customer.id, customer);
        return ok(customer);
      }
      const customer = this.customers.get(id);
      if (!customer) return missing('customer', id);
      if (method === 'POST') {
        const settings = p.invoice_settings as Json | undefined;
        if (settings && 'default_payment_method' in settings) {
          const pm = settings.default_payment_method as string;
          if (pm && (this.paymentMethods.get(pm)?.customer ?? null) !== id) {
            return {
              status: 400,
              body: {
                error: {
                  type: 'invalid_request_error',
                  message: `No such PaymentMethod: '${pm}'`,
                  param: 'invoice_settings[default_payment_method]',
                },
              },
            };
          }
          (customer.invoice_settings as Json).default_payment_method = pm || null;
        }
      }
      return ok(customer);
    }

    if (resource === 'setup_intents' && method === 'POST' && !id) {
      const intentId = this.id('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        client_secret: `${intentId}_secret_fake`,
        customer: p.customer ?? null,
        usage: p.usage ?? 'off_session',
        status: 'requires_payment_method',
        metadata: p.metadata ?? {},
      };
      this.setupIntents.set(intentId, intent);
      return ok(intent);
    }

    if (resource === 'payment_methods' && id) {
      const pm = this.paymentMethods.get(id);
      if (!pm) return missing('PaymentMethod', id);
      if (method === 'POST' && action === 'attach') {
        if (pm.customer && pm.customer !== p.customer) {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_method_unexpected_state',
                message: 'The payment method you provided has already been attached to a customer.',
              },
            },
          };
        }
        pm.customer = p.customer as string;
      }
      if (method === 'POST' && action === 'detach') {
        if (!pm.customer)
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_method_unexpected_state',
                message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
              },
            },
          };
        const owner = this.customers.get(pm.customer as string);
        if (owner && (owner.invoice_settings as Json).default_payment_method === id)
          (owner.invoice_settings as Json).default_payment_method = null;
        pm.customer = null;
      }
      return ok(pm);
    }

    if (resource === 'prices') {
      if (method === 'GET' && !id) {
        const keys = (p.lookup_keys as string[] | undefined) ?? [];
        const data = [...this.prices.values()].filter(
          (price) => price.active && keys.includes(price.lookup_key as string),
        );
        return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
      }
      if (method === 'POST' && !id) {
        if (p.transfer_lookup_key === 'true')
          for (const price of this.prices.values()) if (price.lookup_key === p.lookup_key) price.lookup_key = null;
        const price = {
          id: this.id('price'),
          object: 'price',
          active: true,
          currency: p.currency,
          unit_amount: Number(p.unit_amount),
          recurring: { interval: (p.recurring as Json).interval, interval_count: 1 },
          lookup_key: p.lookup_key ?? null,
          metadata: p.metadata ?? {},
          product: this.id('prod'),
        };
        this.prices.set(price.id, price);
        return ok(price);
      }
    }

    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) {
        const customer = this.customers.get(p.customer as string);
        if (!customer) return missing('customer', p.customer as string);
        if (!(customer.invoice_settings as Json).default_payment_method) {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: 'This customer has no attached payment source or default payment method.',
              },
            },
          };
        }
        if (this.declineNextPayment) {
          this.declineNextPayment = false;
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
              },
            },
          };
        }
        const items = p.items as Json[];
        const price = this.prices.get(items[0].price as string);
        if (!price) return missing('price', items[0].price as string);
        const start = now();
        const sub: Json = {
          id: this.id('sub'),
          object: 'subscription',
          customer: customer.id,
          status: 'active',
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          start_date: start,
          metadata: p.metadata ?? {},
          items: {
            object: 'list',
            data: [
              {
                id: this.id('si'),
                object: 'subscription_item',
                price,
                current_period_start: start,
                current_period_end: start + PERIOD_SECONDS,
              },
            ],
          },
          latest_invoice: null,
          schedule: null,
        };
        const invoice = this.invoiceFor(sub, price.unit_amount as number, start);
        sub.latest_invoice = (p.expand as string[] | undefined)?.includes('latest_invoice') ? invoice : invoice.id;
        this.subscriptions.set(sub.id as string, { ...sub, latest_invoice: invoice.id });
        return ok(sub);
      }
      const sub = this.subscriptions.get(id);
      if (!sub) return missing('subscription', id);
      if (method === 'POST') {
        if (sub.schedule && p.cancel_at_period_end !== undefined) {
          return refused(
            `The subscription is managed by the subscription schedule \`${String(sub.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
          );
        }
        const items = p.items as Json[] | undefined;
        const item = (sub.items as { data: Json[] }).data.find((i) => i.id === items?.[0]?.id);
        let price: Json | undefined;
        if (items?.[0]) {
          price = this.prices.get(items[0].price as string);
          if (!price) return missing('price', items[0].price as string);
          if (!item) return missing('subscription item', items[0].id as string);
        }
        if (price && p.proration_behavior === 'always_invoice' && this.declineNextPayment) {
          this.declineNextPayment = false;
          return declined();
        }
        if (p.metadata) sub.metadata = { ...(sub.metadata as Json), ...(p.metadata as Json) };
        if (price && item) {
          const old = item.price as Json;
          item.price = price;
          if (p.proration_behavior === 'always_invoice') {
            // Stripe's proration: the new price's remaining share less the old one's, each rounded to the cent.
            const at = now();
            const [start, end] = [item.current_period_start as number, item.current_period_end as number];
            const share = (cents: number) =>
              Math.round((cents * Math.min(Math.max(end - at, 0), end - start)) / (end - start));
            const invoice = this.invoiceFor(
              sub,
              share(price.unit_amount as number) - share(old.unit_amount as number),
              at,
            );
            invoice.billing_reason = 'subscription_update';
            invoice.period_end = end;
            sub.latest_invoice = invoice.id;
          }
        }
        if (p.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? now() : null;
        }
      }
      const answer = structuredClone(sub);
      if ((p.expand as string[] | undefined)?.includes('latest_invoice') && typeof sub.latest_invoice === 'string')
        answer.latest_invoice = structuredClone(this.invoices.get(sub.latest_invoice) ?? sub.latest_invoice);
      return { status: 200, body: answer };
    }

    if (resource === 'subscription_schedules') {
      if (method === 'POST' && !id) {
        const sub = this.subscriptions.get(p.from_subscription as string);
        if (!sub) return missing('subscription', p.from_subscription as string);
        if (sub.schedule) return refused(`The subscription is already attached to a schedule: ${String(sub.schedule)}`);
        const item = (sub.items as { data: Json[] }).data[0];
        const phase = { start_date: item.current_period_start, end_date: item.current_period_end };
        const schedule: Json = {
          id: this.id('sub_sched'),
          object: 'subscription_schedule',
          subscription: sub.id,
          customer: sub.customer,
          status: 'active',
          end_behavior: 'release',
          current_phase: phase,
          phases: [{ ...phase, items: [{ price: (item.price as Json).id, quantity: 1 }], metadata: {} }],
          released_subscription: null,
        };
        this.schedules.set(schedule.id as string, schedule);
        sub.schedule = schedule.id;
        return ok(schedule);
      }
      const schedule = this.schedules.get(id);
      if (!schedule) return missing('subscription schedule', id);
      if (method === 'POST') {
        if (schedule.status !== 'active')
          return refused(`You cannot update a subscription schedule that is ${String(schedule.status)}.`);
        if (action === 'release') {
          schedule.status = 'released';
          schedule.released_subscription = schedule.subscription;
          this.subscriptions.get(schedule.subscription as string)!.schedule = null;
          schedule.subscription = null;
        } else {
          if (p.phases) schedule.phases = p.phases;
          if (p.end_behavior) schedule.end_behavior = p.end_behavior;
        }
      }
      return ok(schedule);
    }

    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  /** The paid first invoice of a subscription, as the current API version shapes it. */
  invoiceFor(sub: Json, amount: number, created: number): Json & { id: string } {
    const invoice = {
      id: this.id('in'),
      object: 'invoice',
      number: `FAKE-${String(this.counter).padStart(4, '0')}`,
      customer: sub.customer,
      status: 'paid',
      amount_due: amount,
      amount_paid: amount,
      currency: 'usd',
      created,
      period_start: created,
      period_end: created,
      status_transitions: { paid_at: created },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: structuredClone(sub.metadata) },
      },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }
}

const now = () => Math.floor(Date.now() / 1000);
