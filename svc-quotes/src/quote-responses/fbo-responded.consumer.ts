import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventTypes, type EventEnvelope } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';

/** `fbo-responded` on svc-quotes's queue; for now it is only noted (responses are recorded by a later issue). */
@Injectable()
export class FboRespondedConsumer implements OnModuleInit {
  private readonly logger = new Logger('FboRespondedConsumer');

  constructor(private readonly events: EventConsumer) {}

  onModuleInit(): void {
    this.events.on<unknown>(EventTypes.fboResponded, (event) => this.handle(event));
  }

  handle(event: EventEnvelope<unknown>): void {
    this.logger.log(`${event.type} ${event.id} from ${event.source} received`);
  }
}
