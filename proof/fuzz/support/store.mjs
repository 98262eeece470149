// "Nothing stored from a refused request": the rows a user's request can create or change, per service database
// (rampquote_<service>, each service's DATABASE_NAME default), with the routes whose accepted (2xx) answers may
// write them. A table whose writers were never accepted must be unchanged, row for row; one whose writers were
// accepted n times may have at most n more rows.
import { dbQuery } from '../../lib/system.mjs';

/** service -> table -> routes (`METHOD /path` of the policy) whose 2xx answers may write that table. */
export const WATCHED = {
  identity: {
    users: ['POST /api/auth/register', 'PATCH /api/user/profile', 'PUT /api/user/profile', 'POST /api/reset-password'],
    // An FBO member added by an e-mail without an account is invited to register.
    beta_invitations: ['POST /api/admin/invites', 'DELETE /api/admin/invites/:id', 'POST /api/admin/fbos/:id/members'],
    support_messages: ['POST /api/support/contact'],
    password_reset_tokens: ['POST /api/auth/forgot-password', 'POST /api/reset-password'],
  },
  fleet: {
    aircraft: [
      'POST /api/aircraft',
      'POST /create-aircraft',
      'PATCH /api/aircraft/:id',
      'PUT /api/aircraft/:id',
      'DELETE /api/aircraft/:id',
      'POST /api/aircraft/:id/set-default',
    ],
  },
  quotes: {
    quote_requests: [
      'POST /api/quote-requests',
      'DELETE /api/quote-requests/:id',
      'POST /api/quote-requests/:id/cancel',
      'PUT /api/quote-requests/:id/notifications',
      'PATCH /api/quote-requests/:id/notifications',
      'POST /api/quote-requests/:id/booking',
      'POST /api/fbo-quote/:fboId/:token/booking',
      'POST /api/fbo-portal/requests/:invitationId/booking',
      'POST /api/fbo-quote/:fboId/:token/submit',
      'POST /api/fbo-quote/:fboId/:token/decline',
      'POST /api/fbo-portal/requests/:invitationId/submit',
      'POST /api/fbo-portal/requests/:invitationId/decline',
    ],
    quote_responses: [
      'POST /api/fbo-quote/:fboId/:token/submit',
      'POST /api/fbo-quote/:fboId/:token/decline',
      'POST /api/fbo-portal/requests/:invitationId/submit',
      'POST /api/fbo-portal/requests/:invitationId/decline',
    ],
    quote_invitations: [
      'POST /api/quote-requests',
      'DELETE /api/quote-requests/:id',
      'POST /api/quote-requests/:id/cancel',
      'POST /api/fbo-quote/:fboId/:token/submit',
      'POST /api/fbo-quote/:fboId/:token/decline',
      'POST /api/fbo-portal/requests/:invitationId/submit',
      'POST /api/fbo-portal/requests/:invitationId/decline',
      'GET /api/fbo-quote/:fboId/:token',
      'GET /api/fbo-portal/requests/:invitationId',
    ],
  },
  billing: {
    payment_methods: [
      'POST /api/billing/payment-method',
      'DELETE /api/billing/payment-method/:id',
      'POST /api/billing/default-payment-method',
      'POST /api/billing/subscription',
      'PUT /api/billing/subscription/:subscriptionId',
    ],
    local_card_tokens: ['POST /api/billing/local/card-token', 'POST /api/billing/payment-method'],
    subscriptions: [
      'POST /api/billing/subscription',
      'PUT /api/billing/subscription/:subscriptionId',
      'DELETE /api/billing/subscription/:subscriptionId',
    ],
    invoices: ['POST /api/billing/subscription', 'PUT /api/billing/subscription/:subscriptionId'],
    stripe_webhook_events: ['POST /api/billing/webhook'],
  },
  airports: {
    fbo_directory_entries: ['POST /api/admin/fbos', 'PATCH /api/admin/fbos/:id', 'POST /api/admin/import-fbos'],
    airport_imports: ['POST /api/admin/import-airports'],
    fbo_members: [
      'POST /api/admin/fbos/:id/members',
      'DELETE /api/admin/fbos/:id/members/:userId',
      'POST /api/fbo/:id/members',
      'DELETE /api/fbo/:id/members/:userId',
      'POST /api/fbo-claims/:token/confirm',
    ],
    fbo_claims: ['POST /api/fbo-claims', 'POST /api/fbo-claims/:token/confirm'],
  },
};

/** Row count and a digest of every row of each watched table (a table missing from a database is skipped). */
export async function snapshot() {
  const result = {};
  for (const [service, tables] of Object.entries(WATCHED)) {
    for (const table of Object.keys(tables)) {
      const [exists] = await dbQuery(service, 'SELECT to_regclass($1) AS t', [`public.${table}`]);
      if (!exists?.t) continue;
      const [row] = await dbQuery(
        service,
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
      );
      result[`${service}.${table}`] = row;
    }
  }
  return result;
}

/**
 * Tables changed although no request that may write them was accepted, or grown by more rows than accepted writes.
 * `accepted`: Map of `METHOD /path` -> number of 2xx answers.
 */
export function storedFromRefused(before, after, accepted) {
  const problems = [];
  for (const [service, tables] of Object.entries(WATCHED)) {
    for (const [table, writers] of Object.entries(tables)) {
      const key = `${service}.${table}`;
      if (!before[key] || !after[key]) continue;
      const allowed = writers.reduce((n, route) => n + (accepted.get(route) ?? 0), 0);
      const grew = after[key].n - before[key].n;
      if (allowed === 0 && (grew !== 0 || after[key].digest !== before[key].digest)) {
        problems.push(
          `${key}: changed (${grew >= 0 ? '+' : ''}${grew} rows) although no request that writes it was accepted`,
        );
      } else if (grew > allowed) {
        problems.push(`${key}: ${grew} more rows, but only ${allowed} accepted requests may write it`);
      }
    }
  }
  return problems;
}
