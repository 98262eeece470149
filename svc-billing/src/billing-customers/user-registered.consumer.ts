import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventTypes, type EventEnvelope, type UserRegisteredData } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';
import { BillingCustomersService } from './billing-customers.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `user-registered` (svc-identity) on svc-billing's queue: the new user's customer with the payment provider
 * (ARCHITECTURE section 4). Runs in the inbox transaction; a redelivered event is skipped by the inbox, and the
 * Stripe customer is created with the idempotency key `customer:<userId>` in any case. An event without a user id
 * or e-mail is logged and dropped (retrying cannot mend it).
 */
@Injectable()
export class UserRegisteredConsumer implements OnModuleInit {
  private readonly logger = new Logger('UserRegisteredConsumer');

  constructor(
    private readonly events: EventConsumer,
    private readonly customers: BillingCustomersService,
  ) {}

  onModuleInit(): void {
    this.events.on<Partial<UserRegisteredData>>(EventTypes.userRegistered, (event, manager) =>
      this.handle(event, manager),
    );
  }

  async handle(event: EventEnvelope<Partial<UserRegisteredData>>, manager: EntityManager): Promise<void> {
    const { userId, email } = event.data ?? {};
    if (typeof userId !== 'string' || !UUID.test(userId) || typeof email !== 'string' || email === '') {
      this.logger.warn({ msg: 'user-registered without a user id or e-mail: no customer made', eventId: event.id });
      return;
    }
    await this.customers.ensureLocked(manager, userId, email);
  }
}
