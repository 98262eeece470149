import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServiceConfig } from '../config';
import type { EventBusTuning, ServiceDefinition } from '../service/define-service';
import { BrokerOutage } from './broker-outage';
import { createTestEnvironment, type TestEnvironment } from './test-environment';

export interface StartTestServiceOptions {
  /** More environment for the service's config (e.g. `SMTP_URL` of a mail catcher, `BETA_OPEN`). */
  env?: Record<string, string>;
  /** Event bus settings; by default a short reconnection backoff (1 s) and relay poll (200 ms). */
  events?: EventBusTuning;
}

export interface TestService<C extends ServiceConfig> {
  /** The fresh database and exchange (removed by close()). */
  env: TestEnvironment;
  config: C;
  /** The initialised app (relay and consumer running), not listening: use `app.getHttpServer()` or `app.listen(0)`. */
  app: NestExpressApplication;
  /** Simulates a broker outage for this app's relay and consumer (and its siblings'). */
  broker: BrokerOutage;
  /** Another instance of the service on the same database and exchange, with more environment (closed by close()). */
  startSibling: (env?: Record<string, string>) => Promise<NestExpressApplication>;
  /**
   * Closes a sibling before the end: its relay publishes from the same outbox and its consumer shares the queues, so a
   * test that needs the app alone stops the siblings an earlier test started.
   */
  stopSibling: (sibling: NestExpressApplication) => Promise<void>;
  /** Closes the app and its siblings, then drops the database, the exchange and the service's queues. */
  close: () => Promise<void>;
}

/** Event bus timings for tests: reconnect within a second, publish without waiting. */
export const TEST_EVENT_TUNING: EventBusTuning = { maxBackoffMs: 1000, pollIntervalMs: 200 };

/**
 * For integration tests: the described service on a fresh database and its own exchange, migrated by its own
 * migration runner, initialised as `main` would run it (real PostgreSQL and RabbitMQ).
 */
export async function startTestService<C extends ServiceConfig>(
  service: ServiceDefinition<C>,
  options: StartTestServiceOptions = {},
): Promise<TestService<C>> {
  const env = await createTestEnvironment(service.name, [service.name], options.env);
  const broker = new BrokerOutage();
  const events: EventBusTuning = { ...TEST_EVENT_TUNING, ...options.events, connect: broker.connect };
  const apps: NestExpressApplication[] = [];
  const close = async () => {
    try {
      for (const app of [...apps].reverse()) await app.close();
    } finally {
      await env.cleanup();
    }
  };
  try {
    const config = service.loadConfig(env.env);
    await service.migrate(config);
    const app = await service.createApp(config, events);
    apps.push(app);
    return {
      env,
      config,
      app,
      broker,
      startSibling: async (more = {}) => {
        const sibling = await service.createApp(service.loadConfig({ ...env.env, ...more }), events);
        apps.push(sibling);
        return sibling;
      },
      stopSibling: async (sibling) => {
        const at = apps.indexOf(sibling);
        if (at <= 0) throw new Error('not a sibling started by this test service');
        apps.splice(at, 1);
        await sibling.close();
      },
      close,
    };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
