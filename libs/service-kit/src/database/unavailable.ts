import type { ApiErrorBody } from '@rampquote/contracts';

/**
 * Errors that mean "a server this process depends on cannot be reached right now" (PostgreSQL, the SMTP server, a
 * TCP peer), as opposed to a fault in the request or the code: the request may be answered with a 503 and retried
 * later, an event handled later, and nothing about the work itself is wrong.
 */

/** Socket-level failures (Node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs of an unavailable server: connection exceptions (class 08), shutdowns, too many connections. */
const POSTGRES_UNAVAILABLE = /^(08\w{3}|57P0[1-3]|53300)$/;

/** nodemailer's codes for a connection that could not be made or was lost. */
const SMTP_CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS']);

/** Messages of node-postgres / pg-pool for a lost or impossible connection (they carry no code). */
const POSTGRES_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function causes(err: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as Record<string, unknown>;
    chain.push(e);
    // TypeORM's QueryFailedError keeps the driver's error; others use the standard `cause`.
    current = e.driverError ?? e.cause;
  }
  return chain;
}

/** The error (or what it wraps) says PostgreSQL cannot be reached or lost the connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    return (
      NETWORK_CODES.has(code) ||
      POSTGRES_UNAVAILABLE.test(code) ||
      POSTGRES_CONNECTION_MESSAGES.some((m) => message.includes(m))
    );
  });
}

/**
 * The error says a dependency is unavailable for now: the database (isDatabaseUnavailable), a TCP peer, or the SMTP
 * server (connection failures and 4xx "try again later" replies).
 */
export function isDependencyUnavailable(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  return causes(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    const responseCode = typeof e.responseCode === 'number' ? e.responseCode : 0;
    return SMTP_CONNECTION_CODES.has(code) || (responseCode >= 400 && responseCode < 500);
  });
}

/** Seconds a client is told to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database cannot be reached: a 503 in the system's error shape. */
export const DATABASE_UNAVAILABLE_BODY: ApiErrorBody = {
  error: 'Service temporarily unavailable',
  details: [{ message: 'RampQuote cannot reach its database right now. Please try again in a few seconds.' }],
};
