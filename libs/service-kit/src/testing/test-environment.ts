import { randomBytes } from 'node:crypto';
import * as amqp from 'amqplib';
import { z } from 'zod';
import { baseEnvShape, loadConfig } from '../config';
import { dropDatabase, ensureDatabase } from '../database/ensure-database';
import { eventQueues } from '../events/topology';

export interface TestEnvironment {
  /** Environment for the service's config loader: fresh database, own exchange, quiet logs. */
  env: Record<string, string>;
  databaseName: string;
  exchange: string;
  databaseServerUrl: string;
  amqpUrl: string;
  /** Drops the database and deletes the exchange and the service's queues. */
  cleanup(): Promise<void>;
}

/**
 * For integration tests: a uniquely named database (`rampquote_test_<pkg>_<random>`, created) and
 * exchange (`rampquote.test.<pkg>.<random>`), against the PostgreSQL and RabbitMQ of DATABASE_URL and
 * AMQP_URL (local defaults otherwise).
 */
export async function createTestEnvironment(
  pkg: string,
  services: string[] = [pkg],
  extra: Record<string, string> = {},
): Promise<TestEnvironment> {
  const servers = loadConfig(z.object({ DATABASE_URL: baseEnvShape.DATABASE_URL, AMQP_URL: baseEnvShape.AMQP_URL }));
  const suffix = randomBytes(4).toString('hex');
  const slug = pkg.replace(/[^a-z0-9]/gi, '_').toLowerCase();
  const databaseName = `rampquote_test_${slug}_${suffix}`;
  const exchange = `rampquote.test.${slug}.${suffix}`;
  await ensureDatabase(servers.DATABASE_URL, databaseName);
  return {
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: servers.DATABASE_URL,
      AMQP_URL: servers.AMQP_URL,
      DATABASE_NAME: databaseName,
      EVENTS_EXCHANGE: exchange,
      ...extra,
    },
    databaseName,
    exchange,
    databaseServerUrl: servers.DATABASE_URL,
    amqpUrl: servers.AMQP_URL,
    cleanup: async () => {
      await dropDatabase(servers.DATABASE_URL, databaseName);
      await deleteBrokerObjects(servers.AMQP_URL, exchange, services);
    },
  };
}

/**
 * For integration tests of a process that only consumes (the gateway): a uniquely named exchange
 * (`rampquote.test.<pkg>.<random>`) on AMQP_URL's broker (local default otherwise); cleanup() deletes it and the
 * queues of `services` on it.
 */
export function createTestExchange(
  pkg: string,
  services: string[] = [pkg],
): { exchange: string; amqpUrl: string; cleanup(): Promise<void> } {
  const { AMQP_URL } = loadConfig(z.object({ AMQP_URL: baseEnvShape.AMQP_URL }));
  const exchange = `rampquote.test.${pkg.replace(/[^a-z0-9]/gi, '_').toLowerCase()}.${randomBytes(4).toString('hex')}`;
  return { exchange, amqpUrl: AMQP_URL, cleanup: () => deleteBrokerObjects(AMQP_URL, exchange, services) };
}

async function deleteBrokerObjects(url: string, exchange: string, services: string[]) {
  const connection = await amqp.connect(url, { timeout: 5000 });
  try {
    const channel = await connection.createChannel();
    for (const service of services) {
      const q = eventQueues(service, exchange);
      for (const queue of [q.main, q.retry, q.dead]) await channel.deleteQueue(queue);
    }
    await channel.deleteExchange(exchange);
    await channel.close();
  } finally {
    await connection.close();
  }
}
