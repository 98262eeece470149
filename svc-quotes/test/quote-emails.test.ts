import { EventTypes, type EventEnvelope } from '@rampquote/contracts';
import { EventConsumer, MAIL_POOL, type ConsumerChannel } from '@rampquote/service-kit';
import { waitFor, type CaughtMail } from '@rampquote/service-kit/testing';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

describe('quote e-mails: invitations, requester notices, withdrawals (real PostgreSQL, RabbitMQ and mail catcher)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    // Many short retries: the SMTP outages below last until the test restores the server.
    t = await startQuotes({ events: { retryDelayMs: 200, maxAttempts: 10 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function request(count: number) {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(count);
    const res = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    expect(res.status).toBe(201);
    return { ...pilot, fbos, id: res.body.id as string, uniqueId: res.body.uniqueId as string };
  }
  const mailsTo = async (address: string) =>
    (await t.mail.all()).filter((m) => m.to.some((to) => to.address === address));
  const linkIn = (mail: CaughtMail) => mail.text.match(/http:\/\/rampquote\.test\/quote\/[^\s]+/)?.[0];
  /** The stored envelope of the request's event of `type` (what the relay published). */
  async function envelopeOf(type: string, quoteRequestId: string): Promise<EventEnvelope> {
    const rows: { payload: EventEnvelope }[] = await t.db.query(
      `SELECT payload FROM outbox_events WHERE type = $1 AND payload->'data'->>'quoteRequestId' = $2 ORDER BY seq`,
      [type, quoteRequestId],
    );
    return rows[rows.length - 1].payload;
  }
  const handled = async (eventId: string) =>
    (await t.db.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [eventId])).length > 0;

  it('e-mails each invited FBO its link with the trip summary and the requested services, in text and HTML', async () => {
    const r = await request(2);
    for (const fbo of r.fbos) {
      const mail = await t.mail.waitFor(fbo.email, `Estimate requested for KBFI: ${r.uniqueId}`);
      expect(mail.text).toContain(`Hello ${fbo.name},`);
      expect(mail.text).toContain(`Quote ID: ${r.uniqueId}`);
      expect(mail.text).toContain('Requested by: Amelia Earhart (Electra Flight Department)');
      expect(mail.text).toContain(`Aircraft: ${r.aircraft.tailNumber} - Cessna Citation CJ3`);
      expect(mail.text).toContain('Departure airport: KSEA Seattle-Tacoma International Airport (Seattle, WA)');
      expect(mail.text).toContain('Destination: KBFI Boeing Field King County International Airport (Seattle, WA)');
      expect(mail.text).toContain(
        'Requested services:\n- Fuel: Jet A, 300 gal\n- GPU (30 min)\n- Lavatory service (dry)\n- Coffee (regular)\n- Hangar (medium priority)',
      );
      expect((mail as CaughtMail & { html: string }).html).toContain('<li>GPU (30 min)</li>');
      const link = linkIn(mail)!;
      expect(link).toMatch(new RegExp(`^http://rampquote\\.test/quote/${fbo.id}/[A-Za-z0-9_-]{43}$`));
      const page = await t.http().get(new URL(link).pathname.replace('/quote/', '/api/fbo-quote/')).use(t.as());
      expect(page.status).toBe(200);
      expect(page.body.fbo.id).toBe(fbo.id);
    }
  });

  it('sends exactly one invitation per FBO when quote-submitted is delivered twice (inbox), or handled again after a partial run (sent-mail records)', async () => {
    const r = await request(3);
    for (const fbo of r.fbos) await t.mail.waitFor(fbo.email);
    const envelope = await envelopeOf(EventTypes.quoteSubmitted, r.id);
    await waitFor(() => handled(envelope.id), 10_000, 'quote-submitted handled');
    const consumer = t.app.get(EventConsumer);
    const channel: ConsumerChannel = { ack: jest.fn(), nack: jest.fn(), sendToQueue: jest.fn() };
    const delivery = () =>
      ({
        content: Buffer.from(JSON.stringify(envelope)),
        fields: { redelivered: true, routingKey: envelope.type },
        properties: { headers: {}, messageId: envelope.id },
      }) as unknown as Parameters<EventConsumer['handleMessage']>[1];

    expect(await consumer.handleMessage(channel, delivery())).toBe('duplicate');
    // Even when the inbox has forgotten it (as after a crash between the mails and the inbox commit), no mail repeats.
    await t.db.query(`DELETE FROM inbox_events WHERE event_id = $1`, [envelope.id]);
    expect(await consumer.handleMessage(channel, delivery())).toBe('handled');
    for (const fbo of r.fbos) expect(await mailsTo(fbo.email)).toHaveLength(1);
    expect(
      await t.db.query(`SELECT count(*)::int AS n FROM quote_sent_mails WHERE quote_request_id = $1`, [r.id]),
    ).toEqual([{ n: 3 }]);
  });

  it("sends a request's many invitations together over a few kept-alive SMTP connections, each once", async () => {
    const before = t.smtp.accepted;
    const r = await request(12);
    for (const fbo of r.fbos) await t.mail.waitFor(fbo.email, `Estimate requested for KBFI: ${r.uniqueId}`);
    for (const fbo of r.fbos) expect(await mailsTo(fbo.email)).toHaveLength(1);
    expect(t.smtp.accepted - before).toBeLessThanOrEqual(MAIL_POOL.maxConnections);
  });

  it('retries while the SMTP server is down and sends the invitations once it is back', async () => {
    t.smtp.open = false;
    const refusedBefore = t.smtp.refused;
    try {
      const r = await request(2);
      await waitFor(() => t.smtp.refused > refusedBefore, 10_000, 'a refused SMTP connection');
      expect(await mailsTo(r.fbos[0].email)).toEqual([]);
      t.smtp.open = true;
      for (const fbo of r.fbos) await t.mail.waitFor(fbo.email, undefined, 15_000);
      const envelope = await envelopeOf(EventTypes.quoteSubmitted, r.id);
      await waitFor(() => handled(envelope.id), 10_000, 'quote-submitted handled');
      for (const fbo of r.fbos) expect(await mailsTo(fbo.email)).toHaveLength(1);
    } finally {
      t.smtp.open = true;
    }
  });

  it('accepts a request while RabbitMQ is unreachable; the invitations go out once it is back', async () => {
    await t.broker.cut('relay');
    let r: Awaited<ReturnType<typeof request>>;
    try {
      r = await request(2);
      const [row] = await t.db.query(
        `SELECT sent_at FROM outbox_events WHERE type = 'quote-submitted' AND payload->'data'->>'quoteRequestId' = $1`,
        [r.id],
      );
      expect(row.sent_at).toBeNull();
    } finally {
      t.broker.restore();
    }
    for (const fbo of r.fbos) await t.mail.waitFor(fbo.email, `Estimate requested for KBFI: ${r.uniqueId}`, 20_000);
  });

  it('e-mails the requester for each response when asked, and once when all FBOs have responded', async () => {
    const r = await request(2);
    await t.http().put(`/api/quote-requests/${r.id}/notifications`).use(t.as(r.user)).send({ emailEachResponse: true });
    const token0 = await t.tokenOf(r.id, r.fbos[0].id);
    const token1 = await t.tokenOf(r.id, r.fbos[1].id);
    await t.http().post(`/api/fbo-quote/${r.fbos[0].id}/${token0}/submit`).use(t.as()).send(estimatePayload(6.25));
    const first = await t.mail.waitFor(r.user.email, `${r.fbos[0].name} answered your quote request ${r.uniqueId}`);
    expect(first.text).toContain(`Answer: ${r.fbos[0].name}: $2,070.00`);
    expect(first.text).toContain('Responses: 1 of 2');
    expect(first.text).toContain(`http://rampquote.test/quote-details/${r.id}`);
    await t
      .http()
      .post(`/api/fbo-quote/${r.fbos[1].id}/${token1}/decline`)
      .use(t.as())
      .send({ reason: 'no_hangar_space' });
    await t.mail.waitFor(r.user.email, `${r.fbos[1].name} answered your quote request ${r.uniqueId}`);
    const all = await t.mail.waitFor(r.user.email, `All FBOs have responded to ${r.uniqueId}`);
    expect(all.text).toContain(`- ${r.fbos[0].name}: $2,070.00`);
    expect(all.text).toContain(`- ${r.fbos[1].name}: declined (No hangar space)`);
    expect(await mailsTo(r.user.email)).toHaveLength(3);
  });

  it('sends the requester nothing when both preferences are off', async () => {
    const r = await request(1);
    await t
      .http()
      .put(`/api/quote-requests/${r.id}/notifications`)
      .use(t.as(r.user))
      .send({ emailEachResponse: false, emailAllResponded: false });
    const token = await t.tokenOf(r.id, r.fbos[0].id);
    await t.http().post(`/api/fbo-quote/${r.fbos[0].id}/${token}/submit`).use(t.as()).send(estimatePayload());
    const envelope = await envelopeOf(EventTypes.fboResponded, r.id);
    await waitFor(() => handled(envelope.id), 10_000, 'fbo-responded handled');
    expect(await mailsTo(r.user.email)).toEqual([]);
  });

  it('tells only the FBOs that had not answered when the request is cancelled', async () => {
    const r = await request(2);
    for (const fbo of r.fbos) await t.mail.waitFor(fbo.email);
    const token0 = await t.tokenOf(r.id, r.fbos[0].id);
    await t.http().post(`/api/fbo-quote/${r.fbos[0].id}/${token0}/submit`).use(t.as()).send(estimatePayload());
    await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user));
    const withdrawn = await t.mail.waitFor(r.fbos[1].email, `Request withdrawn: ${r.uniqueId}`);
    expect(withdrawn.text).toContain(
      `The quote request ${r.uniqueId} for KBFI was withdrawn by the requester. No estimate is needed.`,
    );
    const envelope = await envelopeOf(EventTypes.quoteCancelled, r.id);
    await waitFor(() => handled(envelope.id), 10_000, 'quote-cancelled handled');
    expect((await mailsTo(r.fbos[0].email)).map((m) => m.subject)).toEqual([
      `Estimate requested for KBFI: ${r.uniqueId}`,
    ]);
  });

  it('tells nobody when the request is cancelled before its invitations could go out (SMTP down)', async () => {
    t.smtp.open = false;
    const refusedBefore = t.smtp.refused;
    let r: Awaited<ReturnType<typeof request>>;
    try {
      r = await request(1);
      await waitFor(() => t.smtp.refused > refusedBefore, 10_000, 'a refused SMTP connection');
      await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user));
      const cancelled = await envelopeOf(EventTypes.quoteCancelled, r.id);
      await waitFor(() => handled(cancelled.id), 10_000, 'quote-cancelled handled');
    } finally {
      t.smtp.open = true;
    }
    const submitted = await envelopeOf(EventTypes.quoteSubmitted, r.id);
    await waitFor(() => handled(submitted.id), 15_000, 'quote-submitted handled after the retry');
    expect(await mailsTo(r.fbos[0].email)).toEqual([]);
  });
});
