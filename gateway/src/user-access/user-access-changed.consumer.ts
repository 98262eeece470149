import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventTypes, type UserAccessChangedData } from '@rampquote/contracts';
import { databaseUrl, EventConsumer, TypeOrmInboxStore } from '@rampquote/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { UserAccessService } from './user-access.service';

/** The gateway's queue: `gateway.events` (on another exchange: `<exchange>.gateway.events`). */
export const GATEWAY_QUEUE_OWNER = 'gateway';
/** The events the gateway consumes (its migration declares the queue with these bindings). */
export const GATEWAY_EVENT_BINDINGS: readonly string[] = [EventTypes.userAccessChanged];

/**
 * Consumes `user-access-changed` from svc-identity with service-kit's EventConsumer (durable `gateway.events`,
 * manual ack, inbox of handled ids, retries, dead-letter queue): each event bumps the user's access revision in
 * the same transaction as its inbox record. With several gateway replicas one of them handles it; all see it,
 * since the revision is in the shared database.
 */
@Injectable()
export class UserAccessChangedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly dataSource: DataSource;
  private readonly consumer: EventConsumer;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, access: UserAccessService) {
    this.dataSource = new DataSource({
      type: 'postgres',
      url: databaseUrl(config.DATABASE_URL, config.DATABASE_NAME),
      synchronize: false,
      logging: false,
      extra: { max: 2, connectionTimeoutMillis: 5000 },
    });
    this.consumer = new EventConsumer({
      service: GATEWAY_QUEUE_OWNER,
      url: config.AMQP_URL,
      exchange: config.EVENTS_EXCHANGE,
      bindings: GATEWAY_EVENT_BINDINGS,
      inbox: new TypeOrmInboxStore(this.dataSource),
      logger: new Logger('UserAccessEvents'),
    });
    this.consumer.on<UserAccessChangedData>(EventTypes.userAccessChanged, (event, manager) =>
      access.applyChange(event.data, (sql, params) => manager.query(sql, params)),
    );
  }

  /** Whether the consumer holds a broker connection. */
  get connected(): boolean {
    return this.consumer.connected;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.initialize();
    await this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
