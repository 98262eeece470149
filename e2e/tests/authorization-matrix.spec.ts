import { isDeepStrictEqual } from 'node:util';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import {
  Routes,
  AIRPORT_UPLOAD_FIELD,
  FBO_UPLOAD_FIELD,
  listRoutePolicies,
  type RoutePolicy,
} from '@rampquote/contracts';
import {
  ACTOR_LABELS,
  ACTORS,
  callOrder,
  expectationFor,
  formatTable,
  isMutating,
  judge,
  OVERRIDES,
  phaseOf,
  routeKey,
  type ActorName,
  type Expectation,
  type Owner,
} from './support/route-matrix';

// The authorization matrix: every route of the gateway's policy table (libs/contracts) × {visitor, pilot A,
// pilot B, FBO user, FBO link holder, admin}, the expected status derived from the table's session and roles and from
// who owns the target. Pilot A owns an aircraft, two quote requests (one answered by link and from the FBO inbox, one
// declined both ways), two cards, a subscription and its invoice; the FBO user (seeded, manager of demo FBO 1 at KSEA)
// has its invitations and its team; the link holder has the links mailed to demo FBOs 2 and 3. Goal: 0 leaks.

const ORIGIN = { Origin: 'http://localhost:8080' };
const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };
const FBO_USER = { email: 'demo-fbo-ksea-1@example.com', password: 'RampQuote#2026' };
const PASSWORD = 'Runway#2026a';
const MAIL_API = 'http://localhost:1080/email';
const DESTINATION = 'KSEA';
const DEPARTURE = 'KLAX';
/** The development seed's demo FBOs at KSEA; the first has the seeded FBO account. */
const DEMO_FBO_EMAILS = ['demo-fbo-ksea-1@example.com', 'demo-fbo-ksea-2@example.com', 'demo-fbo-ksea-3@example.com'];
const THIRD_DEMO_FBO = {
  airport: DESTINATION,
  name: 'Demo FBO Rainier Ramp Services',
  email: DEMO_FBO_EMAILS[2],
  phone: '+1 206 555 0103',
};
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const uniqueEmail = (prefix: string) => `${prefix}-${unique()}@e2e.rampquote.test`;
const uniqueTail = () =>
  `M${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase();
/** A token of the links' shape that was never issued. */
const forgedToken = () => Buffer.from(`forged-${unique()}`.padEnd(32, 'x')).toString('base64url').slice(0, 43);

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: the actors and pilot A's resources.

interface Credentials {
  email: string;
  password: string;
}
interface Fbo {
  id: string;
  name: string;
  email: string;
}
interface Link {
  fboId: string;
  token: string;
  invitationId: string;
}

interface Fixtures {
  ctx: Record<ActorName, APIRequestContext>;
  credentials: Partial<Record<ActorName, Credentials>>;
  pilotA: { id: string; email: string };
  aircraft: { id: string; make: string; model: string; tailNumber: string };
  /** R1: sent to the three demo FBOs; answered by link (FBO 2) and from the inbox (FBO 1); FBO 3 keeps it open. */
  answered: { id: string; uniqueId: string };
  /** R2: sent to FBOs 1 and 3; declined by link (FBO 3) and from the inbox (FBO 1). */
  declined: { id: string; uniqueId: string };
  links: { answer: Link; decline: Link };
  /** The FBO user's own invitations (demo FBO 1). */
  inbox: { answer: string; decline: string };
  /** Demo FBO 1 (the FBO user manages it) and demo FBO 3. */
  fbos: { first: string; third: string };
  /** A user who is none of the actors: the FBO user adds them to FBO 1 and removes them; the admin removes them from FBO 3. */
  casey: { id: string; email: string };
  cards: { first: string; second: string; unattached: string };
  subscriptionId: string;
  invoiceId: string;
  inviteId: string;
  directoryFboId: string;
  catalogue: { make: string; model: string; specs: Record<string, unknown> };
}

async function newContext(baseURL: string) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
}

async function signedIn(
  baseURL: string,
  credentials: Credentials,
): Promise<{ ctx: APIRequestContext; user: { id: string; email: string } }> {
  const ctx = await newContext(baseURL);
  let user: { id: string; email: string } | undefined;
  // A just-invited account may take a moment to be let in (the invitation is an event away).
  await expect
    .poll(
      async () => {
        const res = await ctx.post(Routes.auth.login, { data: credentials });
        if (res.status() === 200) user = (await res.json()) as { id: string; email: string };
        return res.status();
      },
      { timeout: 15_000, message: `login of ${credentials.email}` },
    )
    .toBe(200);
  return { ctx, user: user! };
}

/** Registers a pilot and puts the address on the beta list (as the admin). */
async function invitedPilot(baseURL: string, admin: APIRequestContext, firstName: string): Promise<Credentials> {
  const email = uniqueEmail(`matrix-${firstName.toLowerCase()}`);
  const visitor = await newContext(baseURL);
  try {
    const registered = await visitor.post(Routes.auth.register, {
      data: { firstName, lastName: 'Matrix', email, password: PASSWORD },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }
  const invited = await admin.post(Routes.admin.invites, { data: { value: email } });
  expect(invited.status(), await invited.text()).toBe(201);
  return { email, password: PASSWORD };
}

async function json<T>(ctx: APIRequestContext, path: string): Promise<T> {
  const res = await ctx.get(path);
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

async function created<T>(ctx: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await ctx.post(path, { data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** The demo FBOs 1-3 at KSEA, in that order (the third is added once when a database lacks it). */
async function demoFbos(admin: APIRequestContext): Promise<Fbo[]> {
  const listed = await json<{ fbos: { email: string }[] }>(admin, `${Routes.admin.fbos}?airport=${DESTINATION}`);
  if (!listed.fbos.some((f) => f.email === THIRD_DEMO_FBO.email))
    await created(admin, Routes.admin.fbos, THIRD_DEMO_FBO);
  // The public list has no addresses: the admin directory names each FBO's.
  const { fbos } = await json<{ fbos: Fbo[] }>(admin, `${Routes.admin.fbos}?airport=${DESTINATION}`);
  return DEMO_FBO_EMAILS.map((email) => {
    const fbo = fbos.find((f) => f.email === email);
    expect(fbo, `demo FBO ${email} at ${DESTINATION}`).toBeDefined();
    return fbo!;
  });
}

/** The request form's payload: 500 gal Jet A, a hangar and a GPU, a week ahead. */
function quoteRequestBody(aircraftId: string, fboIds: string[]) {
  const arrival = new Date(Date.now() + 7 * 24 * 3600_000);
  arrival.setUTCHours(12, 0, 0, 0);
  const departure = new Date(arrival.getTime() + 2 * 24 * 3600_000);
  return {
    aircraftId,
    departureAirportCode: DEPARTURE,
    airportCode: DESTINATION,
    arrival: arrival.toISOString(),
    departure: departure.toISOString(),
    services: {
      fuelJetA: true,
      fuelEstimatedAmount: 500,
      hangar: true,
      hangarPriority: 'medium',
      gpu: true,
      gpuDuration: '15',
    },
    notes: 'E2E: authorization matrix',
    selectedFbos: fboIds,
  };
}

/** An estimate for that request: 6.25/gal × 500, a hangar at 150/day × 2 days, a GPU at 45. */
const ESTIMATE = {
  servicesQuoted: {
    dedicatedFuel: { price: 6.25, quantity: 500, notes: 'Jet A' },
    hangar: { price: 150, days: 2 },
    gpu: { price: 45 },
    customServices: [],
  },
  totalPrice: 3470,
  notes: null,
};
const DECLINE = { reason: 'no_hangar_space', text: 'E2E: authorization matrix' };

/** The link mailed to `fbo` for request `quoteRequestId` (read from the mail catcher; older runs left other mails). */
async function mailedLink(visitor: APIRequestContext, fbo: Fbo, quoteRequestId: string): Promise<Link> {
  const pattern = new RegExp(`/quote/${fbo.id}/([A-Za-z0-9_-]+)`, 'g');
  const tried = new Set<string>();
  let link: Link | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await visitor.get(MAIL_API)).json()) as {
          text?: string;
          html?: string;
          to: { address: string }[];
        }[];
        const tokens = mails
          .filter((m) => m.to.some((t) => t.address.toLowerCase() === fbo.email))
          .flatMap((m) => [...`${m.text ?? ''} ${m.html ?? ''}`.matchAll(pattern)].map((match) => match[1]))
          .reverse();
        for (const token of tokens) {
          if (tried.has(token)) continue;
          tried.add(token);
          const res = await visitor.get(`${Routes.fboQuote.root}/${fbo.id}/${token}`);
          if (!res.ok()) continue;
          const page = (await res.json()) as { invitationId: string; quoteRequest: { id: string } };
          if (page.quoteRequest.id === quoteRequestId) {
            link = { fboId: fbo.id, token, invitationId: page.invitationId };
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `the invitation mail to ${fbo.email}` },
    )
    .toBe(true);
  return link!;
}

async function cardToken(ctx: APIRequestContext, number: string): Promise<string> {
  const { paymentMethodId } = await created<{ paymentMethodId: string }>(
    ctx,
    `${Routes.billing.root}/local/card-token`,
    {
      number,
      expiry: EXPIRY,
      cvc: '123',
      name: 'Avery Matrix',
    },
  );
  return paymentMethodId;
}

async function setUp(baseURL: string): Promise<Fixtures> {
  const visitor = await newContext(baseURL);
  const linkHolder = await newContext(baseURL);
  const { ctx: admin } = await signedIn(baseURL, ADMIN);
  const pilotACredentials = await invitedPilot(baseURL, admin, 'Avery');
  const pilotBCredentials = await invitedPilot(baseURL, admin, 'Blake');
  const { ctx: pilotA, user: pilotAUser } = await signedIn(baseURL, pilotACredentials);
  const { ctx: pilotB } = await signedIn(baseURL, pilotBCredentials);
  const { ctx: fboUser } = await signedIn(baseURL, FBO_USER);
  const fbos = await demoFbos(admin);

  // Pilot A's aircraft and two quote requests.
  const makes = await json<string[]>(visitor, `${Routes.aircraft.root}/makes`);
  const make = makes.includes('Cessna') ? 'Cessna' : makes[0];
  const models = await json<string[]>(visitor, `${Routes.aircraft.root}/models/${encodeURIComponent(make)}`);
  const model = models.includes('172S Skyhawk') ? '172S Skyhawk' : models[0];
  const specs = await json<Record<string, unknown>>(
    visitor,
    `${Routes.aircraft.root}/specs/${encodeURIComponent(make)}/${encodeURIComponent(model)}`,
  );
  const aircraft = await created<{ id: string; make: string; model: string; tailNumber: string }>(
    pilotA,
    Routes.aircraft.root,
    { make, model, tailNumber: uniqueTail() },
  );
  const answered = await created<{ id: string; uniqueId: string }>(
    pilotA,
    Routes.quoteRequests.root,
    quoteRequestBody(
      aircraft.id,
      fbos.map((fbo) => fbo.id),
    ),
  );
  const declined = await created<{ id: string; uniqueId: string }>(
    pilotA,
    Routes.quoteRequests.root,
    quoteRequestBody(aircraft.id, [fbos[0].id, fbos[2].id]),
  );

  // Two cards (the first is the default), a third card token not attached yet, a subscription and its invoice.
  const first = await cardToken(pilotA, '4242 4242 4242 4242');
  await created(pilotA, `${Routes.billing.root}/payment-method`, { paymentMethodId: first });
  const second = await cardToken(pilotA, '5555 5555 5555 4444');
  await created(pilotA, `${Routes.billing.root}/payment-method`, { paymentMethodId: second });
  const unattached = await cardToken(pilotA, '4000 0566 5566 5556');
  const subscription = await created<{ id: string }>(pilotA, `${Routes.billing.root}/subscription`, { planId: 'pro' });
  const invoices = await json<{ id: string }[]>(pilotA, `${Routes.billing.root}/invoices`);
  expect(invoices.length, 'the subscription made an invoice').toBeGreaterThan(0);

  // The links mailed to demo FBOs 2 (request R1) and 3 (request R2); the FBO user's invitations from its inbox.
  const links = {
    answer: await mailedLink(linkHolder, fbos[1], answered.id),
    decline: await mailedLink(linkHolder, fbos[2], declined.id),
  };
  const inboxRows = (
    await json<{ requests: { invitationId: string; quoteRequestId: string }[] }>(fboUser, '/api/fbo-portal/inbox')
  ).requests;
  const invitationOf = (quoteRequestId: string) => {
    const row = inboxRows.find((r) => r.quoteRequestId === quoteRequestId);
    expect(row, `the FBO user's inbox lists request ${quoteRequestId}`).toBeDefined();
    return row!.invitationId;
  };

  // Casey, a staff member of demo FBO 3 for the admin to remove (and for the FBO user to add to FBO 1, then remove).
  const caseyCredentials = await invitedPilot(baseURL, admin, 'Casey');
  const { ctx: casey, user: caseyUser } = await signedIn(baseURL, caseyCredentials);
  await casey.dispose();
  await created(admin, Routes.admin.fboMembers(fbos[2].id), { email: caseyCredentials.email, role: 'staff' });

  // An invitation for the admin to delete, and an FBO of the directory.
  const invite = await created<{ id: string }>(admin, Routes.admin.invites, { value: uniqueEmail('matrix-invite') });

  return {
    ctx: { visitor, pilotA, pilotB, fboUser, linkHolder, admin },
    credentials: { pilotA: pilotACredentials, pilotB: pilotBCredentials, fboUser: FBO_USER, admin: ADMIN },
    pilotA: { id: pilotAUser.id, email: pilotACredentials.email },
    aircraft,
    answered,
    declined,
    links,
    inbox: { answer: invitationOf(answered.id), decline: invitationOf(declined.id) },
    fbos: { first: fbos[0].id, third: fbos[2].id },
    casey: { id: caseyUser.id, email: caseyCredentials.email },
    cards: { first, second, unattached },
    subscriptionId: subscription.id,
    invoiceId: invoices[0].id,
    inviteId: invite.id,
    directoryFboId: fbos[2].id,
    catalogue: { make, model, specs },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Targets: what each route's path parameters (or, for a few, its body) point to, and whose it is.

interface Target {
  label: string;
  owner: Owner;
  params: (actor: ActorName) => Record<string, string>;
  /** Actors who call with a forged link token (they do not hold the link). */
  forged?: (actor: ActorName) => boolean;
  /** The target as its owner reads it: compared before and after the refused callers' changes. */
  snapshot?: () => Promise<unknown>;
}

const read = async (ctx: APIRequestContext, path: string) => {
  const res = await ctx.get(path);
  return { status: res.status(), body: res.headers()['content-type']?.includes('json') ? await res.json() : null };
};

const requestSnapshot = (f: Fixtures, id: string) => async () => {
  const { status, body } = await read(f.ctx.pilotA, `${Routes.quoteRequests.root}/${id}`);
  const r = body as {
    status: string;
    version: number;
    cancelledAt: string | null;
    notifications: unknown;
    responseCount: number;
    fbos: { id: string; status: string }[];
  } | null;
  return {
    status,
    request: r && {
      status: r.status,
      version: r.version,
      cancelledAt: r.cancelledAt,
      notifications: r.notifications,
      responseCount: r.responseCount,
      fbos: r.fbos.map((x) => [x.id, x.status]),
    },
  };
};

/** A link route: the link holder uses the mailed token; everyone else, who does not have it, a forged one. */
const linkTarget = (f: Fixtures, link: Link, label: string): Target => ({
  label,
  owner: 'linkHolder',
  params: (actor) => ({ fboId: link.fboId, token: actor === 'linkHolder' ? link.token : forgedToken() }),
  forged: (actor) => actor !== 'linkHolder',
  snapshot: async () =>
    ((await read(f.ctx.linkHolder, `${Routes.fboQuote.root}/${link.fboId}/${link.token}`)).body as { state: string })
      .state,
});

/** An inbox route: the FBO user's own invitation, then another FBO's (which must look missing to the FBO user). */
const inboxTargets = (f: Fixtures, own: string, other: Link): Target[] => [
  {
    label: "FBO user's invitation",
    owner: 'fboUser',
    params: () => ({ invitationId: own }),
    snapshot: async () =>
      ((await read(f.ctx.fboUser, `/api/fbo-portal/requests/${own}`)).body as { state: string }).state,
  },
  {
    label: "another FBO's invitation",
    owner: 'someone-else',
    params: () => ({ invitationId: other.invitationId }),
    snapshot: async () =>
      (
        (await read(f.ctx.linkHolder, `${Routes.fboQuote.root}/${other.fboId}/${other.token}`)).body as {
          state: string;
        }
      ).state,
  },
];

const pilotATarget = (label: string, params: Record<string, string>, snapshot?: () => Promise<unknown>): Target => ({
  label,
  owner: 'pilotA',
  params: () => params,
  snapshot,
});

/**
 * Every route pattern with path parameters. A new route with parameters fails the completeness test until it is
 * added here (or excluded with a reason).
 */
const PATH_TARGETS: Record<string, (f: Fixtures, policy: RoutePolicy) => Target[]> = {
  [`${Routes.admin.invites}/:id`]: (f) => [
    {
      label: 'a beta invitation',
      owner: 'admin',
      params: () => ({ id: f.inviteId }),
      snapshot: async () =>
        ((await read(f.ctx.admin, Routes.admin.invites)).body as { invites: { id: string }[] }).invites.some(
          (i) => i.id === f.inviteId,
        ),
    },
  ],
  [`${Routes.aircraft.root}/models/:make`]: (f) => [
    { label: 'catalogue make', owner: undefined, params: () => ({ make: f.catalogue.make }) },
  ],
  [`${Routes.aircraft.root}/specs/:make/:model`]: (f) => [
    {
      label: 'catalogue model',
      owner: undefined,
      params: () => ({ make: f.catalogue.make, model: f.catalogue.model }),
    },
  ],
  [`${Routes.aircraft.root}/:id`]: (f) => [
    pilotATarget("pilot A's aircraft", { id: f.aircraft.id }, async () =>
      read(f.ctx.pilotA, `${Routes.aircraft.root}/${f.aircraft.id}`),
    ),
  ],
  [`${Routes.aircraft.root}/:id/set-default`]: (f) => [
    pilotATarget("pilot A's aircraft", { id: f.aircraft.id }, async () =>
      read(f.ctx.pilotA, `${Routes.aircraft.root}/${f.aircraft.id}`),
    ),
  ],
  [`${Routes.airports.root}/:code`]: () => [
    { label: DESTINATION, owner: undefined, params: () => ({ code: DESTINATION }) },
  ],
  [`${Routes.airports.root}/:code/fbos`]: () => [
    { label: DESTINATION, owner: undefined, params: () => ({ code: DESTINATION }) },
  ],
  // The directory is the admin's to edit (a refused body proves the admin got through; nothing is changed).
  ['/api/admin/fbos/:id']: (f) => [
    { label: 'a directory FBO', owner: undefined, params: () => ({ id: f.directoryFboId }) },
  ],
  [`${Routes.quoteRequests.root}/:id`]: (f) => [
    pilotATarget("pilot A's request R1", { id: f.answered.id }, requestSnapshot(f, f.answered.id)),
  ],
  [`${Routes.quoteRequests.root}/:id/responses`]: (f) => [pilotATarget("pilot A's request R1", { id: f.answered.id })],
  [`${Routes.quoteRequests.root}/:id/events`]: (f) => [pilotATarget("pilot A's request R1", { id: f.answered.id })],
  [`${Routes.quoteRequests.root}/:id/pdf`]: (f) => [pilotATarget("pilot A's request R1", { id: f.answered.id })],
  [`${Routes.quoteRequests.root}/:id/comparison`]: (f) => [pilotATarget("pilot A's request R1", { id: f.answered.id })],
  [`${Routes.quoteRequests.root}/:id/booking`]: (f) => [
    pilotATarget("pilot A's request R1", { id: f.answered.id }, requestSnapshot(f, f.answered.id)),
  ],
  [`${Routes.quoteRequests.root}/:id/cancel`]: (f) => [
    pilotATarget("pilot A's request R1", { id: f.answered.id }, requestSnapshot(f, f.answered.id)),
  ],
  [`${Routes.quoteRequests.root}/:id/notifications`]: (f) => [
    pilotATarget("pilot A's request R1", { id: f.answered.id }, requestSnapshot(f, f.answered.id)),
  ],
  [`${Routes.fboQuote.root}/:fboId/:token`]: (f) => [linkTarget(f, f.links.answer, 'link of FBO 2 to R1')],
  [`${Routes.fboQuote.root}/:fboId/:token/submit`]: (f) => [linkTarget(f, f.links.answer, 'link of FBO 2 to R1')],
  [`${Routes.fboQuote.root}/:fboId/:token/booking`]: (f) => [linkTarget(f, f.links.answer, 'link of FBO 2 to R1')],
  [`${Routes.fboQuote.root}/:fboId/:token/decline`]: (f) => [linkTarget(f, f.links.decline, 'link of FBO 3 to R2')],
  ['/api/fbo-portal/requests/:invitationId']: (f) => inboxTargets(f, f.inbox.answer, f.links.answer),
  ['/api/fbo-portal/requests/:invitationId/submit']: (f) => inboxTargets(f, f.inbox.answer, f.links.answer),
  ['/api/fbo-portal/requests/:invitationId/decline']: (f) => inboxTargets(f, f.inbox.decline, f.links.decline),
  ['/api/fbo-portal/requests/:invitationId/booking']: (f) => inboxTargets(f, f.inbox.answer, f.links.answer),
  // FBO members: the Admin Dashboard's (admins only), and the FBO user's own team (its members only).
  [`${Routes.admin.fbos}/:id/members`]: (f) => [
    { label: 'demo FBO 1', owner: undefined, params: () => ({ id: f.fbos.first }) },
  ],
  [`${Routes.admin.fbos}/:id/members/:userId`]: (f) => [
    {
      label: 'Casey at demo FBO 3',
      owner: undefined,
      params: () => ({ id: f.fbos.third, userId: f.casey.id }),
      snapshot: async () => read(f.ctx.admin, Routes.admin.fboMembers(f.fbos.third)),
    },
  ],
  [`${Routes.fboTeam.root}/:id/members`]: (f) => [
    {
      label: "the FBO user's FBO",
      owner: 'fboUser',
      params: () => ({ id: f.fbos.first }),
      snapshot: async () => read(f.ctx.fboUser, Routes.fboTeam.members(f.fbos.first)),
    },
  ],
  [`${Routes.fboTeam.root}/:id/members/:userId`]: (f) => [
    {
      label: "Casey in the FBO user's FBO",
      owner: 'fboUser',
      params: () => ({ id: f.fbos.first, userId: f.casey.id }),
      snapshot: async () => read(f.ctx.fboUser, Routes.fboTeam.members(f.fbos.first)),
    },
  ],
  // A claim link nobody was sent (the real links are the claimant's alone; svc-airports' tests cover them).
  [`${Routes.fboClaims.root}/:token/confirm`]: () => [
    { label: 'a forged claim link', owner: 'someone-else', params: () => ({ token: forgedToken() }) },
  ],
  [`${Routes.billing.root}/payment-method/:id`]: (f) => [
    pilotATarget("pilot A's second card", { id: f.cards.second }, async () => read(f.ctx.pilotA, Routes.billing.root)),
  ],
  [`${Routes.billing.root}/subscription/:subscriptionId`]: (f) => [
    pilotATarget("pilot A's subscription", { subscriptionId: f.subscriptionId }, async () => {
      // The stored subscription: its plan-change preview is priced at the moment it is read.
      const { status, body } = await read(f.ctx.pilotA, `${Routes.billing.root}/subscription`);
      return { status, body: (body as { subscription?: unknown } | null)?.subscription ?? body };
    }),
  ],
  [`${Routes.billing.root}/invoices/:id/receipt`]: (f) => [pilotATarget("pilot A's invoice", { id: f.invoiceId })],
};

/** Routes without path parameters whose body names one of pilot A's resources. */
const BODY_TARGETS: Record<string, (f: Fixtures) => Target> = {
  [`POST ${Routes.quoteRequests.root}`]: () => pilotATarget("pilot A's aircraft (body)", {}),
  [`POST ${Routes.billing.root}/payment-method`]: (f) =>
    pilotATarget("pilot A's card token (body)", {}, async () => read(f.ctx.pilotA, Routes.billing.root)),
  [`POST ${Routes.billing.root}/default-payment-method`]: (f) =>
    pilotATarget("pilot A's second card (body)", {}, async () => read(f.ctx.pilotA, Routes.billing.root)),
};

/** Query strings the public searches need. */
const QUERIES: Record<string, string> = {
  'GET /api/airports/search': '?q=seattle',
  'GET /api/airports/map': `?codes=${DESTINATION}`,
  'GET /api/admin/fbos': `?airport=${DESTINATION}`,
};

/** Routes in the table that the matrix does not call, each with its reason. */
const EXCLUDED: Record<string, string> = {};

// ---------------------------------------------------------------------------------------------------------------
// Bodies: valid for the owner where that is harmless; a refused body (400) where a valid one would change a seeded
// account, start an import or mail someone — a 400 still proves the caller got past the session and role checks.

type Body = { data: unknown } | { multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> };
type BodyOf = (actor: ActorName, f: Fixtures) => Body | undefined;

const notCsv = (field: string): Body => ({
  multipart: { [field]: { name: 'matrix.txt', mimeType: 'text/plain', buffer: Buffer.from('not a csv') } },
});

const BODIES: Record<string, BodyOf> = {
  [`POST ${Routes.auth.login}`]: (actor, f) => ({ data: f.credentials[actor] ?? {} }),
  [`POST ${Routes.auth.register}`]: () => ({ data: {} }),
  [`POST ${Routes.auth.forgotPassword}`]: () => ({ data: { email: uniqueEmail('matrix-nobody') } }),
  [`POST ${Routes.auth.resetPassword}`]: () => ({ data: { token: forgedToken(), password: 'Str0ng#Pass2026' } }),
  [`PATCH ${Routes.user.profile}`]: () => ({ data: {} }),
  [`PUT ${Routes.user.profile}`]: () => ({ data: {} }),
  [`POST ${Routes.support.contact}`]: () => ({ data: {} }),
  [`POST ${Routes.admin.invites}`]: () => ({ data: { value: '' } }),
  [`POST ${Routes.aircraft.root}`]: (_a, f) => ({
    data: { make: f.catalogue.make, model: f.catalogue.model, tailNumber: uniqueTail() },
  }),
  // The aircraft details step: the catalogue's specifications of the model and a tail number.
  [`POST ${Routes.aircraft.createFull}`]: (_a, f) => ({
    data: { ...f.catalogue.specs, tailNumber: uniqueTail(), year: 2012 },
  }),
  [`PATCH ${Routes.aircraft.root}/:id`]: () => ({ data: { serialNumber: 'MATRIX-1' } }),
  [`PUT ${Routes.aircraft.root}/:id`]: (_a, f) => ({
    data: { make: f.aircraft.make, model: f.aircraft.model, tailNumber: f.aircraft.tailNumber },
  }),
  [`POST /api/admin/import-airports`]: () => notCsv(AIRPORT_UPLOAD_FIELD),
  [`POST /api/admin/fbos`]: () => ({ data: {} }),
  [`PATCH /api/admin/fbos/:id`]: () => ({ data: { active: 'maybe' } }),
  [`POST /api/admin/import-fbos`]: () => notCsv(FBO_UPLOAD_FIELD),
  // A request like R1's, to demo FBO 2 (removed at the end when pilot A's call made it).
  [`POST ${Routes.quoteRequests.root}`]: (_a, f) => ({ data: quoteRequestBody(f.aircraft.id, [f.links.answer.fboId]) }),
  // Differs from the request's current preferences, so a refused caller's change would show.
  [`PUT ${Routes.quoteRequests.root}/:id/notifications`]: () => ({ data: { emailEachResponse: true } }),
  [`PATCH ${Routes.quoteRequests.root}/:id/notifications`]: () => ({ data: { emailEachResponse: false } }),
  // The owner's amendment changes nothing (200, no new version: R1's answers stay in its comparison); anyone else's
  // would change the notes and set FBO 2's estimate aside, which the request's snapshot shows.
  [`PATCH ${Routes.quoteRequests.root}/:id`]: (actor) => ({
    data: actor === 'pilotA' ? {} : { notes: 'Amended by the matrix' },
  }),
  [`POST ${Routes.fboQuote.root}/:fboId/:token/submit`]: () => ({ data: ESTIMATE }),
  [`POST ${Routes.fboQuote.root}/:fboId/:token/decline`]: () => ({ data: DECLINE }),
  // Refused bodies: a booking would change R1 (the owner's 400, or the link's 410 as R1 has no booking, is through).
  [`POST ${Routes.quoteRequests.root}/:id/booking`]: () => ({ data: {} }),
  [`POST ${Routes.fboQuote.root}/:fboId/:token/booking`]: () => ({ data: { decision: 'maybe' } }),
  ['POST /api/fbo-portal/requests/:invitationId/submit']: () => ({ data: ESTIMATE }),
  // Refused body, as the link's: R1 has no booking, so the member's 410 is through and nothing changes.
  ['POST /api/fbo-portal/requests/:invitationId/booking']: () => ({ data: { decision: 'maybe' } }),
  // Refused bodies (a claim would mail the FBO; the admin adding a member would change the FBO); the FBO user adds Casey.
  [`POST ${Routes.fboClaims.root}`]: () => ({ data: {} }),
  [`POST ${Routes.admin.fbos}/:id/members`]: () => ({ data: { email: '' } }),
  [`POST ${Routes.fboTeam.root}/:id/members`]: (_a, f) => ({ data: { email: f.casey.email, role: 'staff' } }),
  ['POST /api/fbo-portal/requests/:invitationId/decline']: () => ({ data: DECLINE }),
  [`POST ${Routes.billing.root}/payment-method`]: (_a, f) => ({ data: { paymentMethodId: f.cards.unattached } }),
  [`POST ${Routes.billing.root}/default-payment-method`]: (_a, f) => ({ data: { paymentMethodId: f.cards.second } }),
  [`POST ${Routes.billing.root}/subscription`]: () => ({ data: { planId: 'pro' } }),
  [`PUT ${Routes.billing.root}/subscription/:subscriptionId`]: () => ({ data: { planId: 'enterprise' } }),
  [`POST ${Routes.billing.root}/local/card-token`]: () => ({
    data: { number: '4242424242424242', expiry: EXPIRY, cvc: '123', name: 'Matrix Caller' },
  }),
  [`POST ${Routes.billing.root}/webhook`]: () => ({ data: { id: 'evt_matrix', type: 'invoice.paid' } }),
};

/** Whether a route pattern has path parameters. */
const hasParams = (policy: RoutePolicy) => policy.path.includes('/:');

/** The targets of a route, or undefined when the matrix does not know what its parameters should be. */
function targetsOf(policy: RoutePolicy, f: Fixtures): Target[] | undefined {
  if (hasParams(policy)) return PATH_TARGETS[policy.path]?.(f, policy);
  const byBody = BODY_TARGETS[routeKey(policy)];
  return [byBody ? byBody(f) : { label: '-', owner: undefined, params: () => ({}) }];
}

const fillPath = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for :${name} of ${pattern}`);
    return encodeURIComponent(params[name]);
  });

// ---------------------------------------------------------------------------------------------------------------
// Calling.

interface Answer {
  status: number;
  contentType: string;
  /** The body as text (null for binary and event-stream answers). */
  text: string | null;
}

async function call(
  ctx: APIRequestContext,
  baseURL: string,
  policy: RoutePolicy,
  url: string,
  body: Body | undefined,
): Promise<Answer> {
  if (policy.stream === 'sse') {
    // An open stream never ends: read the status and headers, then hang up.
    const cookie = (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 15_000);
    try {
      const res = await fetch(new URL(url, baseURL), {
        headers: { ...ORIGIN, accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
        signal: abort.signal,
      });
      const contentType = res.headers.get('content-type') ?? '';
      if (contentType.includes('event-stream')) {
        abort.abort();
        return { status: res.status, contentType, text: null };
      }
      return { status: res.status, contentType, text: await res.text() };
    } catch (err) {
      // No headers within 15 s: reported as status 0 (a hung call).
      if (abort.signal.aborted) return { status: 0, contentType: '', text: null };
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
  const res = await ctx.fetch(url, {
    method: policy.method,
    failOnStatusCode: false,
    maxRedirects: 0,
    ...(body ?? {}),
  });
  const contentType = res.headers()['content-type'] ?? '';
  const textual = /json|text\/(plain|html)/.test(contentType);
  return { status: res.status(), contentType, text: textual ? await res.text() : null };
}

/** Problems with an error answer's shape: every error is JSON `{ error: string, ... }`. */
function errorShapeProblem(answer: Answer): string | undefined {
  if (answer.status < 400) return undefined;
  if (!answer.contentType.includes('application/json'))
    return `error answered as ${answer.contentType || 'no content type'}`;
  try {
    const body = JSON.parse(answer.text ?? '') as { error?: unknown };
    return typeof body.error === 'string' && body.error ? undefined : `error body without "error": ${answer.text}`;
  } catch {
    return `error body is not JSON: ${answer.text}`;
  }
}

/** What an actor must never read in an answer: pilot A's private ids (and, for some, the requests and the e-mail). */
function secretsFor(actor: ActorName, f: Fixtures): string[] {
  if (actor === 'pilotA') return [];
  const secrets = [
    f.pilotA.id,
    f.aircraft.id,
    f.cards.first,
    f.cards.second,
    f.cards.unattached,
    f.subscriptionId,
    f.invoiceId,
  ];
  // Invited FBOs (by account or link) see the request and who sent it; the admin sees the beta list's addresses.
  if (actor !== 'fboUser' && actor !== 'linkHolder')
    secrets.push(f.answered.id, f.answered.uniqueId, f.declined.id, f.declined.uniqueId);
  if (actor === 'pilotB' || actor === 'visitor') secrets.push(f.pilotA.email);
  return secrets;
}

interface Row {
  route: string;
  target: string;
  cells: Record<ActorName, string>;
}

/** What the run made that the matrix's own DELETE calls did not remove: removed as its creator at the end. */
interface Leftover {
  actor: ActorName;
  kind: 'aircraft' | 'quote-request';
  id: string;
}

async function cleanUp(baseURL: string, f: Fixtures, leftovers: Leftover[]) {
  const all: Leftover[] = [
    ...leftovers,
    { actor: 'pilotA', kind: 'quote-request', id: f.answered.id },
    { actor: 'pilotA', kind: 'quote-request', id: f.declined.id },
    { actor: 'pilotA', kind: 'aircraft', id: f.aircraft.id },
  ];
  for (const actor of ACTORS) {
    const mine = all.filter((l) => l.actor === actor);
    const credentials = f.credentials[actor];
    if (!mine.length || !credentials) continue;
    const ctx = await newContext(baseURL);
    try {
      await ctx.post(Routes.auth.login, { data: credentials });
      for (const l of mine) {
        if (l.kind === 'quote-request') {
          await ctx.post(`${Routes.quoteRequests.root}/${l.id}/cancel`);
          await ctx.delete(`${Routes.quoteRequests.root}/${l.id}`);
        } else {
          await ctx.delete(`${Routes.aircraft.root}/${l.id}`);
        }
      }
    } finally {
      await ctx.dispose();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

test('every route of the policy table is exercised by the matrix or excluded with a reason', () => {
  const policies = listRoutePolicies();
  const keys = new Set(policies.map(routeKey));
  const patterns = new Set(policies.map((p) => p.path));
  const unplanned = policies
    .filter((p) => !EXCLUDED[routeKey(p)] && hasParams(p) && !PATH_TARGETS[p.path])
    .map(routeKey);
  expect(
    unplanned,
    'routes with path parameters the matrix cannot fill: add them to PATH_TARGETS (or EXCLUDED with a reason)',
  ).toEqual([]);
  // Nothing here names a route the table no longer has.
  const stale = [
    ...Object.keys(PATH_TARGETS).filter((p) => !patterns.has(p)),
    ...[
      ...Object.keys(BODY_TARGETS),
      ...Object.keys(BODIES),
      ...Object.keys(QUERIES),
      ...Object.keys(OVERRIDES),
      ...Object.keys(EXCLUDED),
    ].filter((k) => !keys.has(k)),
  ];
  expect(stale, 'entries for routes the policy table does not have').toEqual([]);
  expect(
    Object.values(EXCLUDED).filter((reason) => reason.trim().length < 10),
    'every exclusion gives its reason',
  ).toEqual([]);
});

test('no actor reaches what is not theirs: every route × visitor, pilot A, pilot B, FBO user, FBO link holder, admin', async ({
  baseURL,
}) => {
  test.setTimeout(240_000);
  const f = await setUp(baseURL!);
  const rows: Row[] = [];
  const problems: string[] = [];
  const leaks: string[] = [];
  const leftovers: Leftover[] = [];
  let calls = 0;

  const plan = listRoutePolicies()
    .filter((p) => !EXCLUDED[routeKey(p)])
    .map((policy, index) => ({ policy, index }))
    .sort((a, b) => phaseOf(a.policy) - phaseOf(b.policy) || a.index - b.index);

  try {
    for (const { policy } of plan) {
      const key = routeKey(policy);
      const targets = targetsOf(policy, f);
      if (!targets) {
        problems.push(`${key}: no targets (see the completeness test)`);
        continue;
      }
      for (const target of targets) {
        const expectations = Object.fromEntries(
          ACTORS.map((a) => [a, expectationFor(policy, target.owner, a, { forgedCredential: target.forged?.(a) })]),
        ) as Record<ActorName, Expectation>;
        const cells = {} as Record<ActorName, string>;
        const watched = isMutating(policy) && target.snapshot !== undefined;
        const before = watched ? await target.snapshot!() : undefined;
        let compared = false;
        const compare = async () => {
          if (!watched || compared) return;
          compared = true;
          const after = await target.snapshot!();
          if (!isDeepStrictEqual(before, after)) {
            leaks.push(
              `${key} [${target.label}]: changed by a refused caller: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
            );
          }
        };

        for (const actor of callOrder(expectations)) {
          const expectation = expectations[actor];
          if (expectation.kind !== 'status') await compare();
          const url = fillPath(policy.path, target.params(actor)) + (QUERIES[key] ?? '');
          const body = policy.method === 'GET' ? undefined : BODIES[key]?.(actor, f);
          const answer = await call(f.ctx[actor], baseURL!, policy, url, body);
          calls++;
          const where = `${ACTOR_LABELS[actor]}: ${policy.method} ${url}`;
          const verdict = judge(policy, expectation, answer.status);
          const shape = errorShapeProblem(answer);
          const seen =
            answer.status < 300 && answer.text ? secretsFor(actor, f).filter((s) => answer.text!.includes(s)) : [];
          const hint =
            answer.status === 429 && policy.rateLimit
              ? ` (limit '${policy.rateLimit}' spent by earlier runs: raise it for end-to-end runs)`
              : '';
          if (!verdict.ok)
            (verdict.leak ? leaks : problems).push(`${where} → ${answer.status}: ${verdict.problem}${hint}`);
          if (shape) problems.push(`${where} → ${answer.status}: ${shape}`);
          if (seen.length) leaks.push(`${where} → ${answer.status}: the answer shows pilot A's ${seen.join(', ')}`);
          cells[actor] =
            `${answer.status}${verdict.ok && !shape && !seen.length ? '' : verdict.leak || seen.length ? ' LEAK' : ' ✗'}`;

          // What a successful creation left behind.
          if (
            answer.status === 201 &&
            answer.text &&
            (key === `POST ${Routes.aircraft.root}` || key === `POST ${Routes.aircraft.createFull}`)
          ) {
            leftovers.push({ actor, kind: 'aircraft', id: (JSON.parse(answer.text) as { id: string }).id });
          }
          if (answer.status === 201 && answer.text && key === `POST ${Routes.quoteRequests.root}`) {
            leftovers.push({ actor, kind: 'quote-request', id: (JSON.parse(answer.text) as { id: string }).id });
          }
        }
        await compare();
        rows.push({ route: key, target: target.label, cells });
      }
    }
  } finally {
    await cleanUp(baseURL!, f, leftovers).catch((err) => console.warn('clean-up failed:', err));
    await Promise.all(ACTORS.map((a) => f.ctx[a].dispose()));
  }

  console.log(
    [
      `Authorization matrix: ${listRoutePolicies().length} routes (${Object.keys(EXCLUDED).length} excluded), ${rows.length} rows, ${calls} calls`,
      formatTable(rows),
      ...Object.entries(OVERRIDES).map(([k, o]) => `override ${k}: ${o.reason}`),
      ...Object.entries(EXCLUDED).map(([k, reason]) => `excluded ${k}: ${reason}`),
      `problems: ${problems.length}`,
      ...problems.map((p) => `  ${p}`),
      `leaks: ${leaks.length}`,
      ...leaks.map((l) => `  ${l}`),
    ].join('\n'),
  );
  expect(leaks, 'leaks').toEqual([]);
  expect(problems, 'answers that differ from the expected status or shape').toEqual([]);
});
