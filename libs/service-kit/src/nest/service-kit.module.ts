import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InternalIdentityGuard } from '../auth/internal-identity.guard';
import type { ServiceConfig } from '../config';
import { createServiceDataSource, pgPoolOf, type EntityList, type MigrationList } from '../database/data-source';
import { BrokerLink, type BrokerConnector } from '../events/broker-link';
import { EventConsumer } from '../events/event-consumer';
import { TypeOrmInboxStore } from '../events/inbox-store';
import { Outbox } from '../events/outbox';
import { OutboxRelay } from '../events/outbox-relay';
import { TypeOrmOutboxStore } from '../events/outbox-store';
import { HealthController } from '../health/health.controller';
import { HealthService } from '../health/health.service';
import { ApiExceptionFilter } from '../http/api-exception.filter';
import { Mailer } from '../mail/mailer';
import { MetricsController } from '../metrics/metrics.controller';
import { ProcessMetrics } from '../metrics/metrics';
import { OpenApiController } from '../openapi/openapi.controller';
import { SERVICE_CONFIG, SERVICE_KIT_OPTIONS } from './tokens';

export interface ServiceKitEventOptions {
  /** Event types bound to the service's queue (the same list its migration runner declares). */
  bindings?: readonly string[];
  prefetch?: number;
  maxAttempts?: number;
  retryDelayMs?: number;
  pollIntervalMs?: number;
  /** Cap of the reconnection backoff (default 10 s). */
  maxBackoffMs?: number;
  /** How the relay and the consumer open their broker connections (default: amqplib's connect). */
  connect?: BrokerConnector;
}

export interface ServiceKitOptions {
  /** Service name without `svc-`: `identity`, `fleet`, ... */
  service: string;
  config: ServiceConfig;
  entities: EntityList;
  migrations: MigrationList;
  events?: ServiceKitEventOptions;
}

/** Starts the relay and the consumer once every module registered its handlers; stops them first on shutdown. */
@Injectable()
export class EventBusLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly consumer: EventConsumer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all([this.relay.start(), this.consumer.start()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer.stop();
    await this.relay.stop();
  }
}

@Injectable()
class MailerLifecycle implements OnModuleDestroy {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}
  onModuleDestroy() {
    this.mailer.close();
  }
}

/**
 * Everything a RampQuote service needs, in one global module: config (SERVICE_CONFIG), its TypeORM
 * data source, Outbox, OutboxRelay, EventConsumer, Mailer, HealthService, the global internal
 * identity guard, the JSON error filter, ProcessMetrics, GET /health (HealthController), GET /openapi.json
 * (OpenApiController) and GET /metrics (MetricsController): every service answers them.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    const { service, config } = options;
    const events = options.events ?? {};
    return {
      module: ServiceKitModule,
      global: true,
      controllers: [HealthController, OpenApiController, MetricsController],
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ retryAttempts: 3, retryDelay: 1000 }),
          dataSourceFactory: async () => createServiceDataSource(options),
        }),
      ],
      providers: [
        { provide: SERVICE_KIT_OPTIONS, useValue: options },
        { provide: SERVICE_CONFIG, useValue: config },
        {
          provide: ProcessMetrics,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) =>
            new ProcessMetrics({
              service: `svc-${service}`,
              pool: () => pgPoolOf(dataSource),
              outboxBacklog: async () => {
                const [row] = (await dataSource.query(
                  `SELECT count(*)::int AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(occurred_at)), 0)::float AS age FROM outbox_events WHERE sent_at IS NULL`,
                )) as { count: number; age: number }[];
                return { count: row.count, oldestAgeSeconds: row.age };
              },
            }),
        },
        {
          provide: OutboxRelay,
          inject: [DataSource, ProcessMetrics],
          useFactory: (dataSource: DataSource, metrics: ProcessMetrics) =>
            new OutboxRelay({
              onPublished: (type) => metrics.observePublished(type),
              store: new TypeOrmOutboxStore(dataSource),
              exchange: config.EVENTS_EXCHANGE,
              pollIntervalMs: events.pollIntervalMs,
              link: new BrokerLink({
                url: config.AMQP_URL,
                name: `${service}-relay`,
                maxBackoffMs: events.maxBackoffMs,
                connect: events.connect,
                setup: async (channel) => {
                  await channel.assertExchange(config.EVENTS_EXCHANGE, 'topic', { durable: true });
                },
              }),
            }),
        },
        {
          provide: Outbox,
          inject: [DataSource, OutboxRelay],
          useFactory: (dataSource: DataSource, relay: OutboxRelay) => {
            const outbox = new Outbox(`svc-${service}`, () => relay.nudge());
            outbox.watchCommits(dataSource);
            return outbox;
          },
        },
        {
          provide: EventConsumer,
          inject: [DataSource, ProcessMetrics],
          useFactory: (dataSource: DataSource, metrics: ProcessMetrics) =>
            new EventConsumer({
              onDelivery: (type, outcome, seconds) => metrics.observeDelivery(type, outcome, seconds),
              service,
              url: config.AMQP_URL,
              exchange: config.EVENTS_EXCHANGE,
              bindings: events.bindings ?? [],
              inbox: new TypeOrmInboxStore(dataSource),
              prefetch: events.prefetch,
              maxAttempts: events.maxAttempts,
              retryDelayMs: events.retryDelayMs,
              maxBackoffMs: events.maxBackoffMs,
              connect: events.connect,
            }),
        },
        { provide: Mailer, useFactory: () => new Mailer(config.SMTP_URL) },
        {
          provide: HealthService,
          inject: [DataSource, OutboxRelay, EventConsumer],
          useFactory: (dataSource: DataSource, relay: OutboxRelay, consumer: EventConsumer) =>
            new HealthService(`svc-${service}`, dataSource, [relay, consumer]),
        },
        EventBusLifecycle,
        MailerLifecycle,
        { provide: APP_GUARD, useClass: InternalIdentityGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [SERVICE_CONFIG, OutboxRelay, Outbox, EventConsumer, Mailer, HealthService, ProcessMetrics],
    };
  }
}
