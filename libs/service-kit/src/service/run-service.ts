import type { NestExpressApplication } from '@nestjs/platform-express';
import { bootstrapService } from '../bootstrap';
import { loadConfigOrExit, type ServiceConfig } from '../config';
import { exitAfterMigrating } from '../database/run-migrations';
import type { ServiceDefinition } from './define-service';

/**
 * The body of a service's `main.ts`: reads the config once (a bad variable is named and ends the process with
 * code 1), creates the app, listens on PORT and logs `ready`.
 */
export function runService<C extends ServiceConfig>(
  service: ServiceDefinition<C>,
  env?: NodeJS.ProcessEnv,
): Promise<NestExpressApplication> {
  const config = loadConfigOrExit(() => service.loadConfig(env));
  return bootstrapService({
    service: service.name,
    module: service.module(config),
    config,
    jsonLimit: service.jsonLimit,
  });
}

/**
 * The body of a service's `migrate.ts` (run before main): database, migrations under an advisory lock, queues and
 * bindings; logs the result and exits 0, or 1 on failure.
 */
export function runServiceMigrations<C extends ServiceConfig>(
  service: ServiceDefinition<C>,
  env?: NodeJS.ProcessEnv,
): void {
  const config = loadConfigOrExit(() => service.loadConfig(env));
  exitAfterMigrating(service.name, config.LOG_LEVEL, () => service.migrate(config));
}
