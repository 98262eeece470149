import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventTypes, type EventEnvelope } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';

/** `fbo-discovery-requested` on svc-airports's queue; for now it is only noted (FBO discovery is built by a later issue). */
@Injectable()
export class FboDiscoveryRequestedConsumer implements OnModuleInit {
  private readonly logger = new Logger('FboDiscoveryRequestedConsumer');

  constructor(private readonly events: EventConsumer) {}

  onModuleInit(): void {
    this.events.on<unknown>(EventTypes.fboDiscoveryRequested, (event) => this.handle(event));
  }

  handle(event: EventEnvelope<unknown>): void {
    this.logger.log(`${event.type} ${event.id} from ${event.source} received`);
  }
}
