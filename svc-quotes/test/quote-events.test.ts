import type { NestExpressApplication } from '@nestjs/platform-express';
import { waitFor } from '@rampquote/service-kit/testing';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

interface SseEvent {
  id?: string;
  event?: string;
  data?: unknown;
}

/** A Server-Sent Events client on fetch: records every event and comment line as it arrives. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
          }
          if (event.event) events.push(event);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    res,
    events,
    comments,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

describe('live updates over Server-Sent Events, across two replicas (real PostgreSQL LISTEN/NOTIFY)', () => {
  let t: QuotesTestApp;
  let replica1: string;
  let replica2: string;
  let second: NestExpressApplication;

  beforeAll(async () => {
    t = await startQuotes();
    await t.app.listen(0, '127.0.0.1');
    replica1 = await t.app.getUrl();
    second = await t.startSibling();
    await second.listen(0, '127.0.0.1');
    replica2 = await second.getUrl();
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
    const tokens = await Promise.all(fbos.map((f) => t.tokenOf(res.body.id, f.id)));
    return {
      ...pilot,
      fbos,
      id: res.body.id as string,
      uniqueId: res.body.uniqueId as string,
      link: (i: number) => `/api/fbo-quote/${fbos[i].id}/${tokens[i]}`,
    };
  }
  const stream = (base: string, id: string, user: TestUser, headers: Record<string, string> = {}) =>
    openStream(`${base}/api/quote-requests/${id}/events`, {
      ...t.header('GET', `/api/quote-requests/${id}/events`, user),
      ...headers,
    });

  it('pushes an answer handled by replica 1 to a stream held by replica 2 within a second, then the status change', async () => {
    const r = await request(2);
    const s = await stream(replica2, r.id, r.user);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(s.res.headers.get('x-accel-buffering')).toBe('no');
      expect(s.res.headers.get('cache-control')).toContain('no-cache');
      await waitFor(() => s.events.find((e) => e.event === 'ready'), 5000, 'ready');
      expect(s.events[0]).toEqual({
        id: '0',
        event: 'ready',
        data: { quoteRequestId: r.id, status: 'pending', responseCount: 0, totalFbosCount: 2 },
      });

      const started = Date.now();
      expect(
        (
          await t
            .http(t.app)
            .post(`${r.link(0)}/submit`)
            .use(t.as())
            .send(estimatePayload(6.25))
        ).status,
      ).toBe(201);
      const received = await waitFor(
        () => s.events.find((e) => e.event === 'response-received'),
        5000,
        'response-received',
      );
      expect(Date.now() - started).toBeLessThan(1000);
      expect(received.data).toMatchObject({
        quoteRequestId: r.id,
        status: 'responses_received',
        responseCount: 1,
        totalFbosCount: 2,
        response: { fboId: r.fbos[0].id, totalPrice: 2070, status: 'submitted' },
      });
      // The pushed answer reads exactly as the details page's GET of the responses gives it.
      const stored = await t.http(t.app).get(`/api/quote-requests/${r.id}/responses`).use(t.as(r.user));
      expect((received.data as { response: unknown }).response).toEqual(stored.body[0]);
      await waitFor(() => s.events.find((e) => e.event === 'status-changed'), 5000, 'status-changed');

      await t
        .http(second)
        .post(`${r.link(1)}/decline`)
        .use(t.as())
        .send({ reason: 'closed_on_dates' });
      await waitFor(() => s.events.filter((e) => e.event === 'status-changed').length === 2, 5000, 'completed');
      expect(s.events.map((e) => [e.event, (e.data as { status: string }).status])).toEqual([
        ['ready', 'pending'],
        ['response-received', 'responses_received'],
        ['status-changed', 'responses_received'],
        ['response-received', 'completed'],
        ['status-changed', 'completed'],
      ]);
      const ids = s.events.slice(1).map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(4);
    } finally {
      await s.close();
    }
  });

  it('sends heartbeat comment lines', async () => {
    const r = await request(1);
    const s = await stream(replica1, r.id, r.user);
    try {
      await waitFor(() => s.comments.filter((c) => c.startsWith('heartbeat')).length >= 2, 5000, 'two heartbeats');
    } finally {
      await s.close();
    }
  });

  it('replays what a reconnecting page missed from Last-Event-ID, and pushes the cancellation', async () => {
    const r = await request(3);
    const s = await stream(replica1, r.id, r.user);
    await waitFor(() => s.events.find((e) => e.event === 'ready'), 5000, 'ready');
    await t
      .http()
      .post(`${r.link(0)}/submit`)
      .use(t.as())
      .send(estimatePayload());
    const seen = await waitFor(() => s.events.find((e) => e.event === 'status-changed'), 5000, 'first status change');
    await s.close();

    // While the page is away: a second answer and the cancellation.
    await t
      .http()
      .post(`${r.link(1)}/decline`)
      .use(t.as())
      .send({ reason: 'no_hangar_space' });
    await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user));

    const back = await stream(replica2, r.id, r.user, { 'Last-Event-ID': seen.id! });
    try {
      await waitFor(() => back.events.find((e) => e.event === 'cancelled'), 5000, 'cancelled');
      expect(back.events.map((e) => e.event)).toEqual(['ready', 'response-received', 'status-changed', 'cancelled']);
      expect(back.events[1].data).toMatchObject({
        response: { status: 'declined', declined: { reason: 'no_hangar_space' } },
        responseCount: 2,
      });
      expect(back.events[3].data).toMatchObject({
        quoteRequestId: r.id,
        status: 'cancelled',
        cancelledAt: expect.any(String),
      });
      expect(Number(back.events[1].id)).toBeGreaterThan(Number(seen.id));
    } finally {
      await back.close();
    }
  });

  it("answers 404 for another user's stream", async () => {
    const r = await request(1);
    const other = await t.pilot('Bessie');
    const path = `/api/quote-requests/${r.id}/events`;
    const res = await fetch(`${replica1}${path}`, { headers: t.header('GET', path, other.user) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Quote request not found' });
  });
});
