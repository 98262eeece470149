import type { Pool } from 'pg';
import { sharedCheck } from '@rampquote/service-kit';

export interface GatewayHealth {
  status: 'ok' | 'error';
  checks: { database: 'up' | 'down' };
}

/** The health answer: 200 when the gateway's database answers, 503 otherwise. */
export interface GatewayHealthAnswer {
  status: 200 | 503;
  body: GatewayHealth;
}

const UP: GatewayHealthAnswer = { status: 200, body: { status: 'ok', checks: { database: 'up' } } };
const DOWN: GatewayHealthAnswer = { status: 503, body: { status: 'error', checks: { database: 'down' } } };

const checks = new WeakMap<Pool, () => Promise<GatewayHealthAnswer>>();

/**
 * The gateway's health check on its database pool, shared by every caller of the pipeline's health step: one
 * `SELECT 1` answers for a second; callers while it runs share it.
 */
export function gatewayHealth(pool: Pool): () => Promise<GatewayHealthAnswer> {
  let check = checks.get(pool);
  if (!check) {
    check = sharedCheck(() =>
      pool.query('SELECT 1').then(
        () => UP,
        () => DOWN,
      ),
    );
    checks.set(pool, check);
  }
  return check;
}
