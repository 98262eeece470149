// Faults: the system as `npm start` runs it, broken the way production breaks, without stopping the
// machine's shared PostgreSQL or RabbitMQ: the system reaches PostgreSQL, RabbitMQ and SMTP through TCP proxies of
// this suite's own, which it cuts and restores. svc-billing (the gateway's BILLING_URL) and mf-quotes' static host
// (REMOTE_URL_MF_QUOTES) run as processes of the suite's own, started the way the launcher starts them, so they can
// be killed and started again (the launcher stops everything when one of its own children dies).
//
// Timeline (about 2.5 minutes with the start): SMTP down for 60 s while, one after the other, the service is killed
// and started again, the quotes micro-frontend is unreachable, and PostgreSQL is cut for 10 s; then RabbitMQ is down
// for 30 s while 50 requests are submitted and answered. The summary table is printed at the end.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_AMQP_URL,
  DEFAULT_DATABASE_URL,
  SITE_ORIGIN,
  closeDb,
  dbQuery,
  isJsonError,
  serviceCall,
  startSystem,
  waitFor,
} from '../lib/system.mjs';
import { startInfraProxies } from '../lib/tcp-proxy.mjs';
import {
  ESTIMATE,
  PASSWORD,
  Replica,
  addRow,
  awaitEventsHandled,
  awaitMails,
  count500s,
  formatTable,
  freePort,
  mailCounts,
  newTailNumber,
  pool,
  quoteRequestBody,
  seconds,
  setUpActors,
  statusSummary,
} from '../lib/faults-kit.mjs';

const SMTP_OUTAGE_MS = 60_000;
const PG_OUTAGE_MS = 10_000;
const BROKER_OUTAGE_MS = 30_000;
const BROKER_REQUESTS = 50;
/** Longest a call may take while something is down: the database's connect timeout (5 s) plus margin. */
const ANSWER_WITHIN_MS = 8_000;
/** After an outage ends, the longest wait for the delayed e-mails (reconnect backoff is at most 10 s). */
const MAIL_RECOVERY_MS = 40_000;

const suiteStart = performance.now();
let infra;
let system;
let billing;
let quotesHost;
let actors;
/** Requests made (and their invitations mailed) before the broker outage; the FBO answers them during it. */
let earlier;

before(
  async () => {
    infra = await startInfraProxies({ databaseUrl: DEFAULT_DATABASE_URL, amqpUrl: DEFAULT_AMQP_URL });
    const [billingPort, quotesHostPort] = [await freePort(), await freePort()];
    system = await startSystem({
      env: {
        ...infra.env,
        BILLING_URL: `http://127.0.0.1:${billingPort}`,
        REMOTE_URL_MF_QUOTES: `http://localhost:${quotesHostPort}/`,
      },
    });
    const { env, logsDir } = system;
    billing = Replica.service('svc-billing', { port: billingPort, env, logsDir });
    quotesHost = Replica.remoteHost('mf-quotes', { port: quotesHostPort, env, logsDir, allowedOrigins: SITE_ORIGIN });
    await Promise.all([billing.start(), quotesHost.start()]);
    actors = await setUpActors();
    const made = await pool(
      Array.from(
        { length: BROKER_REQUESTS },
        (_, i) => () => submitRequest(`proof: answered during the broker outage ${i + 1}`),
      ),
      4,
    );
    assert.deepEqual(statusSummary(made), `201×${BROKER_REQUESTS}`, 'requests made before the faults');
    earlier = made.map((r) => r.body);
    const mailed = await awaitMails(
      earlier.flatMap((r) => invitationMails(r.uniqueId)),
      30_000,
    );
    assert.equal(mailed.lost, 0, 'the invitations of the requests made before the faults went out');
    console.log(
      `# system ready in ${seconds(system.readyMs)}, set up in ${seconds(performance.now() - suiteStart)}; proxies: ${JSON.stringify(infra.env)}`,
    );
  },
  { timeout: 150_000 },
);

after(async () => {
  console.log(
    `\n# Faults — total ${seconds(performance.now() - suiteStart)} including the start\n${formatTable().replace(/^/gm, '# ')}\n`,
  );
  await Promise.all([billing?.stop(), quotesHost?.stop()]);
  await system?.stop();
  await infra?.stop();
  await closeDb();
});

/** Submits one quote request of the pilot to the demo FBOs; returns the answer with the request. */
const submitRequest = (note) =>
  actors.pilot.post(
    '/api/quote-requests',
    quoteRequestBody(
      actors.aircraft.id,
      actors.fbos.map((f) => f.id),
      note,
    ),
  );

/** The invitation e-mails one request makes: one to each demo FBO. */
const invitationMails = (uniqueId) =>
  actors.fbos.map((fbo) => ({ to: fbo.email, subject: `Estimate requested for KSEA: ${uniqueId}` }));

describe('outages that may overlap', { concurrency: true }, () => {
  it('SMTP down for a minute: the mails of that minute go out after it, once each', { timeout: 150_000 }, async () => {
    const { smtp } = infra.proxies;
    smtp.cut('reset');
    const cutAt = performance.now();
    const submitted = await pool(
      Array.from({ length: 10 }, (_, i) => () => submitRequest(`proof: SMTP outage ${i + 1}`)),
      3,
    );
    const supportSubject = `Proof: SMTP outage ${Date.now().toString(36)}`;
    const support = await actors.visitor.post('/api/support/contact', {
      name: 'Fay Faults',
      email: actors.pilotEmail,
      subject: supportSubject,
      message: 'A support message sent while the mail server is down must still reach the support team.',
    });
    const operations = [...submitted, support];
    // The outage lasts its minute whatever the other faults do meanwhile.
    await sleep(Math.max(0, SMTP_OUTAGE_MS - (performance.now() - cutAt)));
    smtp.restore();
    const restoredAt = performance.now();

    // Invitations (svc-quotes) and the support message (svc-identity, to SUPPORT_EMAIL's default).
    const quoteMails = submitted.filter((r) => r.status === 201).flatMap((r) => invitationMails(r.body.uniqueId));
    const expected = [...quoteMails, { to: 'support@rampquote.dev', subject: `[Support] ${supportSubject}` }];
    const arrived = await awaitMails(expected, MAIL_RECOVERY_MS);
    const recoveryMs = performance.now() - restoredAt;
    // A copy would come from an event delivered again; once each event is in its consumer's inbox none can.
    if (arrived.lost === 0) {
      await Promise.all([
        awaitEventsHandled(
          'quotes',
          'quote-submitted',
          'quoteRequestId',
          submitted.filter((r) => r.status === 201).map((r) => r.body.id),
        ),
        awaitEventsHandled('identity', 'support-message-received', 'subject', [supportSubject]),
      ]);
    }
    const result = await mailCounts(expected);
    addRow({
      fault: 'SMTP down 60 s',
      operations: operations.length,
      answers: statusSummary(operations),
      lost: result.lost,
      duplicated: result.duplicated,
      errors500: count500s(operations),
      recovery: `${seconds(recoveryMs)} to the last mail`,
    });
    assert.deepEqual(
      submitted.map((r) => r.status),
      submitted.map(() => 201),
      'quote requests are accepted while the mail server is down',
    );
    assert.ok(
      [200, 201].includes(support.status),
      `support message accepted while the mail server is down (${support.status} ${support.text})`,
    );
    assert.equal(quoteMails.length, 20);
    assert.equal(result.lost, 0, `mails never sent after SMTP came back: ${result.lost} of ${expected.length}`);
    assert.equal(result.duplicated, 0, 'mails sent more than once');
  });

  describe('one after the other, meanwhile', { concurrency: 1 }, () => {
    it(
      'a service killed mid-request: the gateway answers 502/503 in the JSON error shape, and the same call works once it is back',
      { timeout: 60_000 },
      async () => {
        const call = () => actors.pilot.get('/api/billing/invoices', { timeoutMs: 30_000 });
        const first = await call();
        assert.equal(first.status, 200, `before the kill: ${first.status} ${first.text}`);

        const results = [];
        let loading = true;
        const loops = Array.from({ length: 6 }, async () => {
          while (loading) {
            const start = performance.now();
            const res = await call();
            results.push({ ...res, start, end: performance.now() });
          }
        });
        await waitFor(() => results.length >= 30, { timeoutMs: 10_000, message: 'calls under load before the kill' });
        const killAt = performance.now();
        await billing.kill();
        const killedAt = performance.now();
        await waitFor(() => results.filter((r) => r.start > killedAt).length >= 20, {
          timeoutMs: 20_000,
          message: 'calls while the service is down',
        });
        const restartAt = performance.now();
        const startupMs = await billing.start();
        const backAt = performance.now();
        const firstSuccess = await waitFor(() => results.find((r) => r.start >= backAt && r.status === 200), {
          timeoutMs: 10_000,
          message: 'a success once the service is back',
        });
        loading = false;
        await Promise.all(loops);
        const again = await call();

        const during = results.filter((r) => r.end > killAt && r.start < backAt);
        const inFlight = results.filter((r) => r.start < killAt && r.end > killAt);
        const failed = during.filter((r) => r.status !== 200);
        addRow({
          fault: 'svc-billing killed (SIGKILL) under load, restarted',
          operations: during.length,
          answers: statusSummary(during),
          lost: '–',
          duplicated: '–',
          errors500: count500s(during),
          recovery: `${seconds(firstSuccess.end - restartAt)} from restart (${seconds(startupMs)} to /health)`,
        });
        assert.ok(inFlight.length > 0, 'some calls were in flight when the service was killed');
        assert.ok(failed.length > 0, 'the gateway noticed the service was gone');
        for (const r of failed) {
          assert.ok(
            [502, 503].includes(r.status),
            `answer while the service is down: ${r.status} ${r.text.slice(0, 200)}`,
          );
          assert.ok(isJsonError(r.body), `JSON error shape: ${r.text.slice(0, 200)}`);
          assert.ok(r.ms < ANSWER_WITHIN_MS, `answered within ${ANSWER_WITHIN_MS} ms (took ${Math.round(r.ms)} ms)`);
        }
        assert.equal(again.status, 200, `the same call once the service is back: ${again.status} ${again.text}`);
        assert.deepEqual(again.body, first.body, 'the same answer as before the kill');
      },
    );

    it(
      "a micro-frontend's host down: the shell and the other remotes work, that area shows its notice",
      { timeout: 60_000 },
      async () => {
        const { chromium } = await import('playwright-core');
        const browser = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--no-first-run',
          ],
        });
        const pages = [];
        let failedFetches = 0;
        try {
          const context = await browser.newContext({ baseURL: SITE_ORIGIN });
          const page = await context.newPage();
          const errors = [];
          page.on('pageerror', (err) => errors.push(err.message));
          page.on('requestfailed', (req) => {
            if (req.url().startsWith(`http://localhost:${quotesHost.port}/`)) failedFetches++;
          });
          const visit = async (path) => {
            const res = await page.goto(path);
            pages.push({ path, status: res?.status() ?? 0 });
          };
          const visible = (locator, what) =>
            locator
              .first()
              .waitFor({ state: 'visible', timeout: 15_000 })
              .catch(() => assert.fail(`${what} is not visible`));

          // mf-quotes' static host goes down (killed); the shell and the other remotes' hosts stay up.
          await quotesHost.kill();
          const downAt = performance.now();
          await visit('/');
          await visible(page.getByText('Ready to simplify your FBO experience?'), 'the home page (shell)');
          await visit('/login?returnPath=%2Fclient-profile');
          await visible(page.getByRole('heading', { name: 'Welcome Back' }), 'the login page (mf-account)');
          await page.getByLabel('Email').fill(actors.pilotEmail);
          await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
          await page.getByRole('button', { name: 'Log In' }).click();
          await page.waitForURL(/\/client-profile$/, { timeout: 15_000 });
          await visible(page.getByRole('heading', { name: 'Client Profile' }), 'the client profile (mf-account)');

          await visit('/history');
          await visible(
            page.getByRole('heading', { name: /temporarily unavailable/i }),
            'the notice in the My Quotes area (mf-quotes)',
          );
          await visible(page.getByRole('banner'), 'the header');
          await visible(page.getByRole('contentinfo'), 'the footer');
          assert.ok(failedFetches > 0, "the browser tried mf-quotes' host and could not reach it");
          assert.deepEqual(errors, [], 'no uncaught errors in the page');
          assert.deepEqual(
            pages.filter((p) => p.status !== 200),
            [],
            'every page of the shell answered 200',
          );
          const downForMs = performance.now() - downAt;

          // The host is back (started the way the launcher starts it): the same area works after a reload.
          const restartAt = performance.now();
          await quotesHost.start();
          await visit('/history');
          await visible(page.getByRole('heading', { name: 'My Quotes', level: 1 }), 'My Quotes once the host is back');
          const recoveryMs = performance.now() - restartAt;
          addRow({
            fault: `mf-quotes host killed (${seconds(downForMs)}), restarted`,
            operations: pages.length,
            answers: `${statusSummary(pages)} (pages); ${failedFetches} remote fetches failed`,
            lost: '–',
            duplicated: '–',
            errors500: pages.filter((p) => p.status === 500).length,
            recovery: `${seconds(recoveryMs)} to My Quotes`,
          });
        } finally {
          await browser.close();
        }
      },
    );

    it(
      'PostgreSQL cut for 10 s: clear 503s, nothing hangs, the first call after it succeeds',
      { timeout: 60_000 },
      async () => {
        const { postgres } = infra.proxies;
        const { pilot, visitor } = actors;
        const before = await pilot.get('/api/quote-requests');
        assert.equal(before.status, 200);
        const tails = [];
        const calls = [
          () => pilot.get('/api/quote-requests', { timeoutMs: 30_000 }),
          () => pilot.get('/api/aircraft', { timeoutMs: 30_000 }),
          () => pilot.get('/api/user/profile', { timeoutMs: 30_000 }),
          () => visitor.get('/api/airports/KSEA', { timeoutMs: 30_000 }),
          () => {
            const tailNumber = newTailNumber();
            tails.push(tailNumber);
            return pilot
              .post(
                '/api/aircraft',
                { make: actors.catalogue.make, model: actors.catalogue.model, tailNumber },
                { timeoutMs: 30_000 },
              )
              .then((r) => ({ ...r, tailNumber }));
          },
          () =>
            visitor.post('/api/auth/login', { email: actors.pilotEmail, password: PASSWORD }, { timeoutMs: 30_000 }),
          // Straight to two services as the gateway would call them: their own answer while their database is cut.
          () => serviceCall('quotes', 'GET', '/api/quote-requests', { user: pilot.user }),
          () => serviceCall('fleet', 'GET', '/api/aircraft', { user: pilot.user }),
        ];
        postgres.cut('reset');
        const cutAt = performance.now();
        const during = [];
        await Promise.all(
          calls.map(async (call) => {
            while (performance.now() - cutAt < PG_OUTAGE_MS - 500) {
              during.push(await call());
              await sleep(200);
            }
          }),
        );
        await sleep(Math.max(0, PG_OUTAGE_MS - (performance.now() - cutAt)));
        postgres.restore();
        const restoredAt = performance.now();
        const firstAfter = await pilot.get('/api/quote-requests', { timeoutMs: 30_000 });
        const recoveryMs = performance.now() - restoredAt;
        const afterCalls = await Promise.all([...calls.slice(0, 4), ...calls.slice(6)].map((c) => c()));

        // A refused change is not stored; an accepted one is.
        const created = during.filter((r) => r.tailNumber);
        const stored = new Set(
          (
            await dbQuery('fleet', `SELECT tail_number FROM aircraft WHERE tail_number = ANY($1)`, [
              created.map((r) => r.tailNumber),
            ]).catch(() => [])
          ).map((r) => r.tail_number),
        );
        const lost = created.filter((r) => r.status === 201 && !stored.has(r.tailNumber)).length;
        const phantom = created.filter((r) => r.status !== 201 && stored.has(r.tailNumber)).length;
        addRow({
          fault: 'PostgreSQL connections cut 10 s (gateway + straight to 2 services)',
          operations: during.length,
          answers: statusSummary(during),
          lost,
          duplicated: phantom,
          errors500: count500s(during),
          recovery: `${seconds(recoveryMs)} (first call after: ${firstAfter.status})`,
        });
        const refused = during.filter((r) => r.status < 200 || r.status >= 300);
        assert.ok(refused.length > 0, 'calls were refused during the cut');
        for (const r of during) {
          assert.ok(r.status !== 0, `every call is answered (${r.error?.message})`);
          assert.ok(r.ms < ANSWER_WITHIN_MS, `answered within ${ANSWER_WITHIN_MS} ms (took ${Math.round(r.ms)} ms)`);
        }
        for (const r of refused) {
          assert.equal(
            r.status,
            503,
            `a clear 503 while the database is unreachable, got ${r.status} ${r.text.slice(0, 200)}`,
          );
          assert.ok(isJsonError(r.body), `JSON error shape: ${r.text.slice(0, 200)}`);
        }
        assert.equal(
          firstAfter.status,
          200,
          `the first call after the cut: ${firstAfter.status} ${firstAfter.text.slice(0, 200)}`,
        );
        assert.deepEqual(
          afterCalls.map((r) => r.status),
          [200, 200, 200, 200, 200, 200],
          'every kind of call works again',
        );
        assert.equal(lost, 0, 'an aircraft accepted during the cut is stored');
        assert.equal(phantom, 0, 'an aircraft refused during the cut is not stored');
      },
    );
  });
});

it(
  'RabbitMQ unreachable for 30 s while 50 requests are submitted and 50 FBO answers arrive: every mail once, every status right',
  { timeout: 120_000 },
  async () => {
    const { rabbitmq } = infra.proxies;
    const { pilot, fboUser, fbos } = actors;
    // The inbox answers a page at a time: read pages (newest first) until every earlier request is listed.
    const invitationOf = new Map();
    for (let before = null; ;) {
      const inbox = await fboUser.get(
        `/api/fbo-portal/inbox?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      assert.equal(inbox.status, 200);
      for (const row of inbox.body.requests) invitationOf.set(row.quoteRequestId, row.invitationId);
      before = inbox.body.nextCursor;
      if (!before || earlier.every((r) => invitationOf.has(r.id))) break;
    }
    for (const r of earlier) assert.ok(invitationOf.has(r.id), `the FBO user's inbox lists request ${r.uniqueId}`);

    rabbitmq.cut('reset');
    const cutAt = performance.now();
    // Both at once: the pilot submits 50 new requests while FBO 1 answers the 50 earlier ones from its inbox.
    const [submitted, answers] = await Promise.all([
      pool(
        Array.from(
          { length: BROKER_REQUESTS },
          (_, i) => () => submitRequest(`proof: submitted during the broker outage ${i + 1}`),
        ),
        3,
      ),
      pool(
        earlier.map((r) => () => fboUser.post(`/api/fbo-portal/requests/${invitationOf.get(r.id)}/submit`, ESTIMATE)),
        3,
      ),
    ]);
    const madeWithinOutage = performance.now() - cutAt < BROKER_OUTAGE_MS;
    await sleep(Math.max(0, BROKER_OUTAGE_MS - (performance.now() - cutAt)));
    rabbitmq.restore();
    const restoredAt = performance.now();

    const fresh = submitted.filter((r) => r.status === 201).map((r) => r.body);
    const expected = [
      ...fresh.flatMap((r) => invitationMails(r.uniqueId)),
      ...earlier.map((r) => ({
        to: actors.pilotEmail,
        subject: `${fbos[0].name} answered your quote request ${r.uniqueId}`,
      })),
    ];
    const arrived = await awaitMails(expected, MAIL_RECOVERY_MS);
    const recoveryMs = performance.now() - restoredAt;
    // Copies would come from events delivered again (the earlier requests' invitations included, mailed before the
    // outage); once each event is in the inbox none can, so the counts are read after that.
    if (arrived.lost === 0) {
      await Promise.all([
        awaitEventsHandled(
          'quotes',
          'quote-submitted',
          'quoteRequestId',
          [...earlier, ...fresh].map((r) => r.id),
        ),
        awaitEventsHandled(
          'quotes',
          'fbo-responded',
          'quoteRequestId',
          earlier.map((r) => r.id),
        ),
      ]);
    }
    const mailResult = await mailCounts(expected);
    const earlierInvitations = await mailCounts(earlier.flatMap((r) => invitationMails(r.uniqueId)));

    const statusOf = async (requests, check) => {
      const details = await pool(
        requests.map((r) => () => pilot.get(`/api/quote-requests/${r.id}`)),
        4,
      );
      return details
        .filter((d) => d.status !== 200 || !check(d.body, new Map(d.body.fbos.map((f) => [f.id, f.status]))))
        .map((d) => `${d.body?.uniqueId}: ${d.status} ${d.body?.status} ${d.body?.responseCount}`);
    };
    const wrongAnswered = await statusOf(
      earlier,
      (b, byFbo) =>
        b.status === 'responses_received' &&
        b.responseCount === 1 &&
        byFbo.get(fbos[0].id) === 'submitted' &&
        byFbo.get(fbos[1].id) === 'open',
    );
    const wrongFresh = await statusOf(
      fresh,
      (b, byFbo) =>
        b.status === 'pending' &&
        b.responseCount === 0 &&
        byFbo.get(fbos[0].id) === 'open' &&
        byFbo.get(fbos[1].id) === 'open',
    );
    const operations = [...submitted, ...answers];
    addRow({
      fault: `RabbitMQ down 30 s (${BROKER_REQUESTS} requests submitted + ${BROKER_REQUESTS} FBO answers)`,
      operations: operations.length,
      answers: statusSummary(operations),
      lost: mailResult.lost + (BROKER_REQUESTS - fresh.length),
      duplicated: mailResult.duplicated + earlierInvitations.duplicated,
      errors500: count500s(operations),
      recovery: `${seconds(recoveryMs)} to the last of ${expected.length} mails`,
    });
    assert.ok(madeWithinOutage, 'the 50 requests and 50 answers were all made while the broker was down');
    assert.equal(statusSummary(submitted), `201×${BROKER_REQUESTS}`, 'requests are accepted while the broker is down');
    assert.equal(statusSummary(answers), `201×${BROKER_REQUESTS}`, 'answers are accepted while the broker is down');
    assert.equal(
      mailResult.lost,
      0,
      `mails never sent after the broker came back: ${mailResult.lost} of ${expected.length}`,
    );
    assert.equal(mailResult.duplicated, 0, 'mails sent more than once');
    assert.equal(earlierInvitations.duplicated, 0, 'invitations mailed before the outage are not sent again');
    assert.deepEqual(wrongAnswered, [], 'every answered request shows one answer of two (FBO 1 submitted, FBO 2 open)');
    assert.deepEqual(wrongFresh, [], 'every new request is pending with both FBOs open');
  },
);
