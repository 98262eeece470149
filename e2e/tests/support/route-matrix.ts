import { Routes, type RoutePolicy, type UserRole } from '@rampquote/contracts';

// The rules of the authorization matrix, kept apart from the running of it: who may call what, derived
// from the gateway's route policy table, and how an answer is judged.

export const ACTORS = ['visitor', 'pilotA', 'pilotB', 'fboUser', 'linkHolder', 'admin'] as const;
export type ActorName = (typeof ACTORS)[number];

export const ACTOR_LABELS: Record<ActorName, string> = {
  visitor: 'visitor',
  pilotA: 'pilot A',
  pilotB: 'pilot B',
  fboUser: 'FBO user',
  linkHolder: 'link holder',
  admin: 'admin',
};

/** The role each actor is signed in with; null: no session (the link holder only has the e-mailed links). */
export const ACTOR_ROLES: Record<ActorName, UserRole | null> = {
  visitor: null,
  pilotA: 'pilot',
  pilotB: 'pilot',
  fboUser: 'fbo',
  linkHolder: null,
  admin: 'admin',
};

/**
 * Who a call's target belongs to:
 * - an actor: the only one who may act on it (pilot A's aircraft, the link holder's link, the FBO user's invitation);
 *   everyone else who gets past the session and role checks must get 404, as for a missing one;
 * - 'someone-else': belongs to none of the actors (another FBO's invitation): 404 for everyone who gets that far;
 * - undefined: not an owned resource (the caller's own account, public data, an admin directory).
 */
export type Owner = ActorName | 'someone-else' | undefined;

/** What a cell expects: one of some statuses, any 2xx (the owner), or "let through" (not refused for who the caller is). */
export type Expectation =
  | { kind: 'status'; statuses: readonly number[]; reason: string }
  | { kind: 'success'; reason: string }
  | { kind: 'allowed'; reason: string };

/** A 429 of a counted limit (route policy `rateLimit`) is a refusal that reveals and changes nothing. */
const RATE_LIMITED = 429;

export const isMutating = (policy: RoutePolicy) => policy.method !== 'GET';

/**
 * Routes whose answer does not follow the generic rule, with the reason (keep this list short).
 * Keyed by `METHOD path-pattern`; the function answers undefined for the actors the generic rule covers.
 */
export const OVERRIDES: Record<
  string,
  { reason: string; expect: (actor: ActorName, owner: Owner) => Expectation | undefined }
> = {
  // Session 'optional' (it reads the session when there is one), but its whole point is to say who is signed in.
  [`GET ${Routes.auth.me}`]: {
    reason: 'answers 401 to an anonymous caller (documented in its summary)',
    expect: (actor) =>
      ACTOR_ROLES[actor] === null ? { kind: 'status', statuses: [401], reason: 'anonymous /me' } : undefined,
  },
  // A booking needs an answered offer and the chosen FBO's link: the matrix sends a refused body (its flow is in
  // quote-workflow.spec.ts); the owner's 400 (or the link's 410: R1 has no booking) shows it got past the checks.
  [`POST ${Routes.quoteRequests.root}/:id/booking`]: {
    reason: 'the owner is let through (a refused body)',
    expect: (actor) => (actor === 'pilotA' ? { kind: 'allowed', reason: 'owner, refused body' } : undefined),
  },
  [`POST ${Routes.fboQuote.root}/:fboId/:token/booking`]: {
    reason: 'the link holder is let through (R1 has no booking to answer)',
    expect: (actor) => (actor === 'linkHolder' ? { kind: 'allowed', reason: 'link holder, no booking' } : undefined),
  },
  ['POST /api/fbo-portal/requests/:invitationId/booking']: {
    reason: "the FBO user is let through on its FBO's invitation (R1 has no booking to answer)",
    expect: (actor, owner) =>
      actor === 'fboUser' && owner === 'fboUser' ? { kind: 'allowed', reason: 'member, no booking' } : undefined,
  },
  // Session 'none': Stripe signs it. Under `npm start` there are no Stripe keys: the local provider has no webhook.
  [`POST ${Routes.billing.root}/webhook`]: {
    reason: 'the local payment provider has no webhook: 404 for everyone (Stripe-signed in production)',
    expect: () => ({ kind: 'status', statuses: [404], reason: 'no webhook with the local provider' }),
  },
};

export const routeKey = (policy: Pick<RoutePolicy, 'method' | 'path'>) => `${policy.method} ${policy.path}`;

/** The expected answer of `policy` called by `actor` on a target that belongs to `owner`. */
export function expectationFor(
  policy: RoutePolicy,
  owner: Owner,
  actor: ActorName,
  opts: { forgedCredential?: boolean } = {},
): Expectation {
  const override = OVERRIDES[routeKey(policy)]?.expect(actor, owner);
  if (override) return override;
  const role = ACTOR_ROLES[actor];
  if (policy.session === 'required') {
    if (role === null) return { kind: 'status', statuses: [401], reason: 'session required' };
    if (policy.roles && !policy.roles.includes(role))
      return { kind: 'status', statuses: [403], reason: `roles: ${policy.roles.join(', ')}` };
  }
  if (owner !== undefined) {
    if (owner === actor) return { kind: 'success', reason: 'owner' };
    // Another's resource answers like a missing one. A counted limit may refuse first (nothing revealed or done).
    const statuses = policy.rateLimit ? [404, RATE_LIMITED] : [404];
    return {
      kind: 'status',
      statuses,
      reason: opts.forgedCredential ? 'without the link (forged token)' : 'not the owner',
    };
  }
  return { kind: 'allowed', reason: policy.session === 'required' ? 'own account' : `session ${policy.session}` };
}

export interface Verdict {
  ok: boolean;
  /** A refused caller got through, or learnt that another's resource exists. */
  leak: boolean;
  problem?: string;
}

/** Judges one answer. `allowed`: GET must answer 200; a change may be refused for its body, not for who calls. */
export function judge(policy: RoutePolicy, expectation: Expectation, status: number): Verdict {
  const is2xx = status >= 200 && status < 300;
  if (status >= 500) return { ok: false, leak: false, problem: `answered ${status}` };
  if (status === 0) return { ok: false, leak: false, problem: 'no answer in time' };
  switch (expectation.kind) {
    case 'success':
      return is2xx
        ? { ok: true, leak: false }
        : { ok: false, leak: false, problem: `expected 2xx (${expectation.reason}), got ${status}` };
    case 'allowed': {
      const refused = status === 401 || status === 403 || (isMutating(policy) && status === 404);
      if (refused)
        return { ok: false, leak: false, problem: `expected to be let through (${expectation.reason}), got ${status}` };
      if (!isMutating(policy) && status !== 200 && status !== RATE_LIMITED)
        return { ok: false, leak: false, problem: `expected 200 (${expectation.reason}), got ${status}` };
      return { ok: true, leak: false };
    }
    case 'status': {
      if (expectation.statuses.includes(status)) return { ok: true, leak: false };
      // Through where it must be refused, or told that another's resource exists (403/409/410 instead of 404).
      const leak = is2xx || (expectation.statuses.includes(404) && [403, 409, 410].includes(status));
      return {
        ok: false,
        leak,
        problem: `expected ${expectation.statuses.join('/')} (${expectation.reason}), got ${status}`,
      };
    }
  }
}

/** Execution order: creations and answers, then reads and edits, then cancellations, deletions, and sign-out last. */
export function phaseOf(policy: RoutePolicy): number {
  if (policy.path === Routes.auth.logout) return 5;
  if (policy.method === 'DELETE') return 4;
  if (policy.path.endsWith('/cancel')) return 3;
  if (policy.method === 'POST') return 1;
  return 2;
}

/** Refused callers first, the owner (or anyone let through) last: nothing they could do is hidden by the owner's call. */
export const callOrder = (expectations: Record<ActorName, Expectation>): ActorName[] =>
  [...ACTORS].sort((a, b) => Number(expectations[a].kind !== 'status') - Number(expectations[b].kind !== 'status'));

/** The summary table: one row per route and target, one column per actor. */
export function formatTable(rows: { route: string; target: string; cells: Record<ActorName, string> }[]): string {
  const header = ['route', 'target', ...ACTORS.map((a) => ACTOR_LABELS[a])];
  const lines = rows.map((r) => [r.route, r.target, ...ACTORS.map((a) => r.cells[a])]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i])).join(' | ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...lines.map(fmt)].join('\n');
}
