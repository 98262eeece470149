import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { z } from 'zod';
import { createServiceApp } from '../bootstrap';
import { loadConfig, serviceConfigSchema, type ServiceConfig, type ServiceConfigOf } from '../config';
import type { EntityClass, MigrationClass } from '../database/data-source';
import { migrateService, type MigrateResult } from '../database/run-migrations';
import { EventTables1767225600000 } from '../events/event-tables.migration';
import { metricsEnvShape } from '../metrics/observe-service';
import { ServiceKitModule, type ServiceKitEventOptions } from '../nest/service-kit.module';

/** What a service lists as a feature: a module class or a dynamic module. */
export type FeatureModule = NonNullable<ModuleMetadata['imports']>[number];

/** Event bus settings besides the bindings (prefetch, attempts, timings, connector). */
export type EventBusTuning = Omit<ServiceKitEventOptions, 'bindings'>;

/** What a service says about itself in its `src/service.ts`; service-kit builds the rest. */
export interface ServiceDescription<E extends z.ZodRawShape> {
  /** Name without `svc-`: database `rampquote_<name>`, queue `<name>.events`, logs and health `svc-<name>`. */
  name: string;
  /** Default PORT (`SERVICE_PORTS.<name>`). */
  port: number;
  /** The service's own environment variables (a zod shape), read with the base ones once at boot. */
  config?: E;
  /** Entity classes of the service's tables (service-kit adds its outbox and inbox entities). */
  entities?: readonly EntityClass[];
  /** The service's migrations, oldest first (service-kit puts its event-tables migration before them). */
  migrations?: readonly MigrationClass[];
  /** Event types the service consumes: bound to its queue by the migration runner and by the consumer. */
  eventBindings?: readonly string[];
  /** Event types it consumed once and no longer does: the migration runner unbinds them from an existing queue. */
  retiredEventBindings?: readonly string[];
  /** Feature modules, in the order their routes are registered. */
  modules: readonly FeatureModule[];
  /** Event bus settings (defaults: prefetch 10, 3 attempts, 1 s retry delay, 500 ms relay poll). */
  events?: EventBusTuning;
  /** Largest JSON body accepted. Default 1 MB. */
  jsonLimit?: string;
}

/** A described service: its parts listed once, and what service-kit makes from them. */
export interface ServiceDefinition<C extends ServiceConfig = ServiceConfig> {
  readonly name: string;
  readonly port: number;
  readonly entities: readonly EntityClass[];
  /** Every migration, service-kit's event-tables migration first. */
  readonly migrations: readonly MigrationClass[];
  readonly eventBindings: readonly string[];
  readonly retiredEventBindings: readonly string[];
  readonly modules: readonly FeatureModule[];
  readonly events: EventBusTuning;
  readonly jsonLimit: string;
  /** The environment schema: base variables, PORT, EVENTS_EXCHANGE, DATABASE_NAME and the service's own. */
  readonly configSchema: z.ZodType<C>;
  /** Reads and validates the environment (default `process.env`); throws a ConfigError naming each bad variable. */
  loadConfig(env?: NodeJS.ProcessEnv): C;
  /** The root module: ServiceKitModule (config, database, event bus, mailer, guard, error filter, /health) and the features. */
  module(config: C, events?: EventBusTuning): DynamicModule;
  /** The initialised Nest app (not listening): what main runs and what tests drive. */
  createApp(config: C, events?: EventBusTuning): Promise<NestExpressApplication>;
  /** Creates the database if missing, runs the migrations, declares the queues and bindings (removes retired ones). */
  migrate(config: C): Promise<MigrateResult>;
}

/** The config type of a described service: `ConfigOf<typeof service>`. */
export type ConfigOf<S> = S extends ServiceDefinition<infer C> ? C : never;

/** The root module of every service (one class; each app gets its own dynamic instance). */
@Module({})
class ServiceRootModule {}

/**
 * One description per service (`src/service.ts`):
 *
 * ```ts
 * export const service = defineService({
 *   name: 'fleet',
 *   port: SERVICE_PORTS.fleet,
 *   entities: [Aircraft],
 *   migrations: [CreateAircraft1767225700000],
 *   modules: [CatalogueModule, AircraftModule],
 * });
 * ```
 * `main.ts` is then `runService(service)`, `migrate.ts` `runServiceMigrations(service)`, and tests use
 * `startTestService(service)` from `@rampquote/service-kit/testing`.
 */
export function defineService<E extends z.ZodRawShape = Record<never, never>>(
  description: ServiceDescription<E>,
): ServiceDefinition<ServiceConfigOf<E>> {
  type C = ServiceConfigOf<E>;
  // Every service also reads METRICS_TOKEN (who may read its /metrics).
  const configSchema = serviceConfigSchema(
    description.port,
    {
      ...metricsEnvShape,
      ...(description.config ?? ({} as E)),
    },
    description.name,
  );
  const own = description.migrations ?? [];
  const definition: ServiceDefinition<C> = {
    name: description.name,
    port: description.port,
    entities: [...(description.entities ?? [])],
    migrations: [EventTables1767225600000, ...own.filter((m) => m !== EventTables1767225600000)],
    eventBindings: [...(description.eventBindings ?? [])],
    retiredEventBindings: [...(description.retiredEventBindings ?? [])],
    modules: [...description.modules],
    events: { ...description.events },
    jsonLimit: description.jsonLimit ?? '1mb',
    configSchema: configSchema as unknown as z.ZodType<C>,
    loadConfig: (env) => loadConfig(configSchema, env) as C,
    module: (config, events) => ({
      module: ServiceRootModule,
      imports: [
        ServiceKitModule.forRoot({
          service: definition.name,
          config,
          entities: [...definition.entities],
          migrations: [...definition.migrations],
          events: { ...definition.events, ...events, bindings: definition.eventBindings },
        }),
        ...definition.modules,
      ],
    }),
    createApp: (config, events) =>
      createServiceApp({
        service: definition.name,
        module: definition.module(config, events),
        config,
        jsonLimit: definition.jsonLimit,
      }),
    migrate: (config) =>
      migrateService({
        service: definition.name,
        config,
        entities: [...definition.entities],
        migrations: [...definition.migrations],
        topology: { bindings: definition.eventBindings, unbind: definition.retiredEventBindings },
      }),
  };
  return Object.freeze(definition);
}
