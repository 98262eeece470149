import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventTypes, type EventEnvelope, type UserRegisteredData } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';

/** `user-registered` on svc-billing's queue; for now it is only noted (billing customers are created by a later issue). */
@Injectable()
export class UserRegisteredConsumer implements OnModuleInit {
  private readonly logger = new Logger('UserRegisteredConsumer');

  constructor(private readonly events: EventConsumer) {}

  onModuleInit(): void {
    this.events.on<UserRegisteredData>(EventTypes.userRegistered, (event) => this.handle(event));
  }

  handle(event: EventEnvelope<UserRegisteredData>): void {
    this.logger.log(`${event.type} ${event.id} from ${event.source} received`);
  }
}
