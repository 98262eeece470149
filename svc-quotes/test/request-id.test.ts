import { randomUUID } from 'node:crypto';
import { waitFor } from '@rampquote/service-kit/testing';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

/**
 * The request id (ARCHITECTURE section 4, "Operation"): it comes with the call (as the gateway forwards it), goes
 * into every log line written for the request, into the envelope of the event it causes, and into the log lines of
 * that event's handling; the event's subject (the quote request's id) is on those lines too. So one grep of the logs
 * follows a quote request from the form through the FBOs' invitation e-mails to an FBO's answer.
 * Real PostgreSQL, RabbitMQ and SMTP; the logs are the service's own stdout lines, at LOG_LEVEL info.
 */
describe('request id: from the call through the event and the e-mail to the answer, in one grep', () => {
  let t: QuotesTestApp;
  const lines: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    const write = process.stdout.write.bind(process.stdout);
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation(((
      chunk: string | Uint8Array,
      ...rest: unknown[]
    ) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write);
    restore = () => spy.mockRestore();
    t = await startQuotes({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await t?.close();
    restore?.();
  });

  const grep = (needle: string) =>
    lines.filter((l) => l.includes(needle)).map((l) => JSON.parse(l) as Record<string, unknown>);

  it("answers with the caller's X-Request-Id, or a new one when it is missing or malformed", async () => {
    const given = await t.http().get('/openapi.json').use(t.as()).set('X-Request-Id', 'abc-123.def');
    expect(given.headers['x-request-id']).toBe('abc-123.def');
    // (The answer is the service's own OpenAPI document, with the body schemas its routes bind.)
    expect(
      given.body.paths['/api/quote-requests/{id}/notifications'].put.requestBody.content['application/json'].schema
        .type,
    ).toBe('object');
    const made = await t.http().get('/openapi.json').use(t.as()).set('X-Request-Id', 'no spaces or "quotes" allowed');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.http().get('/openapi.json').use(t.as());
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
  });

  it("one grep for the request id follows the submission to the invitation e-mails; one grep for the quote request's id follows it to the FBO's answer", async () => {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const requestId = `it-${randomUUID()}`;
    const submitted = await t
      .http()
      .post('/api/quote-requests')
      .set('X-Request-Id', requestId)
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    expect(submitted.status).toBe(201);
    expect(submitted.headers['x-request-id']).toBe(requestId);
    const quoteRequestId = submitted.body.id as string;

    // The FBO gets its e-mail (sent while handling quote-submitted) and answers through its link.
    const invitation = await t.mail.waitFor(fbos[0].email, `Estimate requested for KBFI: ${submitted.body.uniqueId}`);
    const link = new URL(invitation.text.match(/http:\/\/rampquote\.test\/quote\/[^\s]+/)![0]);
    const answerPath = `${link.pathname.replace('/quote/', '/api/fbo-quote/')}/submit`;
    const answered = await t.http().post(answerPath).use(t.as()).send(estimatePayload());
    expect(answered.status).toBe(201);
    const answerRequestId = answered.headers['x-request-id'] as string;
    expect(answerRequestId).toMatch(/^[0-9a-f-]{36}$/);
    await t.mail.waitFor(pilot.user.email, `All FBOs have responded to ${submitted.body.uniqueId}`);
    // The handlers log their last lines after the e-mails went out: wait for the answer's and the submission's.
    const handled = (id: string, type: string) => grep(id).some((l) => l.msg === `event ${type} handled`);
    await waitFor(
      () => handled(requestId, 'quote-submitted') && handled(answerRequestId, 'fbo-responded'),
      10_000,
      'both events logged as handled',
    );

    // The envelope of the event carries the request id.
    const [{ payload }] = await t.db.query(
      `SELECT payload FROM outbox_events WHERE type = 'quote-submitted' AND payload->'data'->>'quoteRequestId' = $1`,
      [quoteRequestId],
    );
    expect(payload.requestId).toBe(requestId);

    // grep <request id>: the call, the event it recorded, the event's handling and the e-mail sent while handling it.
    const byRequest = grep(requestId);
    expect(byRequest.every((l) => l.requestId === requestId)).toBe(true);
    expect(byRequest.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'POST /api/quote-requests 201',
        'event quote-submitted recorded',
        'event quote-submitted handled',
      ]),
    );
    expect(
      byRequest.some((l) =>
        String(l.msg).startsWith(`mail "Estimate requested for KBFI: ${submitted.body.uniqueId}" sent`),
      ),
    ).toBe(true);

    // grep <quote request id>: from the form (the submission's event) through the invitation e-mail to the FBO's answer.
    const byQuote = grep(quoteRequestId);
    const story = byQuote.map((l) => `${String(l.requestId)} ${String(l.msg)}`);
    expect(story).toEqual(
      expect.arrayContaining([
        `${requestId} event quote-submitted recorded`,
        expect.stringMatching(
          new RegExp(`^${requestId} mail "Estimate requested for KBFI: ${submitted.body.uniqueId}" sent`),
        ),
        `${requestId} event quote-submitted handled`,
        `${answerRequestId} event fbo-responded recorded`,
        expect.stringMatching(
          new RegExp(`^${answerRequestId} mail "All FBOs have responded to ${submitted.body.uniqueId}" sent`),
        ),
        `${answerRequestId} event fbo-responded handled`,
      ]),
    );
    // Nothing logged carries the FBO's link token.
    const token = link.pathname.split('/').pop()!;
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});
