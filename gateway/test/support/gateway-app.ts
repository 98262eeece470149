import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { countNamedQueries, createTestExchange, servedFromMemory } from '@rampquote/service-kit/testing';
import type { Pool } from 'pg';
import { createGatewayApp } from '../../src/app.factory';
import { PG_POOL } from '../../src/database/database.module';
import { loadGatewayConfig } from '../../src/config';
import { SERVER_URL } from './test-database';

export interface RunningGateway {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> */
  url: string;
  /** The gateway's own events exchange (its queue `<exchange>.gateway.events` is bound there) and the broker URL. */
  exchange: string;
  amqpUrl: string;
  /** Closes the app, then deletes its exchange and queues. */
  close: () => Promise<void>;
}

/**
 * Starts the real gateway app (listening on a free port of 127.0.0.1) on a test database and an exchange of its own
 * (so it never takes events of a running system), with env-style overrides.
 */
export async function startGateway(
  database: string,
  env: Record<string, string> = {},
  logger?: LoggerService,
): Promise<RunningGateway> {
  const broker = createTestExchange('gateway', ['gateway']);
  const config = loadGatewayConfig({
    NODE_ENV: 'test',
    DATABASE_URL: SERVER_URL,
    DATABASE_NAME: database,
    SESSION_SECRET: 'test-session-secret-0123456789',
    EVENTS_EXCHANGE: broker.exchange,
    AMQP_URL: broker.amqpUrl,
    ...env,
  });
  const app = await createGatewayApp(config, logger);
  await app.listen(0, '127.0.0.1');
  return {
    app,
    url: await app.getUrl(),
    exchange: config.EVENTS_EXCHANGE,
    amqpUrl: config.AMQP_URL,
    close: async () => {
      await app.close();
      await broker.cleanup();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
export function setCookies(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
}

/** The rq.sid Set-Cookie line of a response, if any. */
export function sessionCookie(headers: Record<string, unknown>): string | undefined {
  return setCookies(headers).find((c) => c.startsWith('rq.sid='));
}

/** `rq.sid=<value>` from a Set-Cookie line, ready for a Cookie header. */
export const cookiePair = (setCookie: string) => setCookie.split(';')[0];

/**
 * Counts the session loads a gateway sends to its database (the session store's prepared statement `rq_session_load`):
 * `loads()` is the number so far.
 */
export function countSessionLoads(gw: RunningGateway): { loads: () => number } {
  return countSessionLoadsOn(gw.app.get<Pool>(PG_POOL));
}

/** countSessionLoads on a pool of its own (a session store made by a test). */
export function countSessionLoadsOn(pool: Pool): { loads: () => number } {
  return { loads: countNamedQueries(pool, 'rq_session_load') };
}

/**
 * The first read after a sign-in loads the session; should the cache lose it before the next (the sign-in's own
 * change notification arriving after that load, or the change listener reconnecting on a busy machine), that next
 * read loads it again and the one after it is served from memory: servedFromMemory (service-kit) waits for that one.
 */
export { servedFromMemory };
