import { newUserId, startBilling, type BillingTestApp } from './support/billing-app';

const NUMBER = '4000056655665556';
const TYPED_NUMBER = '4000 0566 5566 5556';
const CVC = '8317';
/** The CVC as a value of its own (not a piece of an id or a time). */
const CVC_ALONE = new RegExp(`(^|[^0-9A-Za-z])${CVC}([^0-9A-Za-z]|$)`);

/**
 * The local provider keeps brand, last 4 and expiry only. After cards are entered (accepted, refused, and
 * malformed), added, subscribed with and removed, no table of the service's database holds the card number or the
 * CVC, and neither appears in anything the service wrote (stdout and stderr, at debug level).
 */
describe('the card number and CVC are never stored or logged (real PostgreSQL and RabbitMQ)', () => {
  let t: BillingTestApp;
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
    return true;
  };

  beforeAll(async () => {
    jest.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
    jest.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
    t = await startBilling({ LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await t?.close();
    jest.restoreAllMocks();
  });

  /** Every row of every table of the service's database, as text (a dump). */
  async function dumpDatabase(): Promise<string> {
    const tables: { table_name: string }[] = await t.db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const parts: string[] = [];
    for (const { table_name: table } of tables) {
      const [{ rows }] = await t.db.query(`SELECT coalesce(string_agg(t::text, E'\\n'), '') AS rows FROM "${table}" t`);
      parts.push(`-- ${table}\n${rows}`);
    }
    return parts.join('\n');
  }

  it('keeps brand, last 4 and expiry only', async () => {
    const userId = newUserId();
    const as = () => t.asUser(userId);
    const card = { number: TYPED_NUMBER, expiry: '09/31', cvc: CVC, name: 'Bessie Coleman' };

    // Refused forms (bad checksum, bad CVC, malformed JSON) echo nothing back.
    const refused = await t
      .http()
      .post('/api/billing/local/card-token')
      .use(as())
      .send({ ...card, number: `${NUMBER.slice(0, 15)}7` });
    expect(refused.status).toBe(400);
    const badCvc = await t
      .http()
      .post('/api/billing/local/card-token')
      .use(as())
      .send({ ...card, cvc: `${CVC}9` });
    expect(badCvc.status).toBe(400);
    const malformed = await t
      .http()
      .post('/api/billing/local/card-token')
      .use(as())
      .set('Content-Type', 'application/json')
      .send(`{"number":"${NUMBER}","cvc":"${CVC}"`);
    expect(malformed.status).toBe(400);
    for (const res of [refused, badCvc, malformed]) {
      expect(res.text).not.toContain(NUMBER.slice(0, 15));
      expect(res.text).not.toMatch(CVC_ALONE);
    }

    const token = await t.http().post('/api/billing/local/card-token').use(as()).send(card);
    expect(token.status).toBe(201);
    expect(JSON.stringify(token.body)).not.toContain(NUMBER);
    expect(
      await t
        .http()
        .post('/api/billing/payment-method')
        .use(as())
        .send({ paymentMethodId: token.body.paymentMethodId }),
    ).toMatchObject({ status: 201 });
    expect(await t.http().post('/api/billing/subscription').use(as()).send({ planId: 'pro' })).toMatchObject({
      status: 201,
    });
    const second = await t
      .http()
      .post('/api/billing/local/card-token')
      .use(as())
      .send({ ...card, expiry: '10/32' });
    await t.http().post('/api/billing/payment-method').use(as()).send({ paymentMethodId: second.body.paymentMethodId });
    expect((await t.http().delete(`/api/billing/payment-method/${second.body.paymentMethodId}`).use(as())).status).toBe(
      200,
    );

    const stored: { brand: string; last4: string; exp_month: number; exp_year: number }[] = await t.db.query(
      'SELECT brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = $1',
      [userId],
    );
    expect(stored).toEqual([{ brand: 'visa', last4: '5556', exp_month: 9, exp_year: 2031 }]);

    const dump = await dumpDatabase();
    // The dump is real: it holds the card's kept parts and the subscription.
    expect(dump).toContain(token.body.paymentMethodId);
    expect(dump).toContain('5556');
    for (const secret of [NUMBER, TYPED_NUMBER, NUMBER.slice(0, 12), NUMBER.slice(4)])
      expect(dump).not.toContain(secret);
    expect(dump).not.toMatch(CVC_ALONE);

    const logs = written.join('');
    // The capture works: the service logged this work.
    expect(logs).toContain('card tokenized');
    expect(logs).toContain('payment method added');
    for (const secret of [NUMBER, TYPED_NUMBER, NUMBER.slice(0, 12), NUMBER.slice(4)])
      expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(CVC_ALONE);
  });
});
