import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventTypes, type EventEnvelope, type FboDiscoveryRequestedData } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';
import { FboDiscoveryService } from './fbo-discovery.service';

/** `fbo-discovery-requested` on svc-airports's queue: runs the discovery (providers, then finished). */
@Injectable()
export class FboDiscoveryRequestedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly discovery: FboDiscoveryService,
  ) {}

  onModuleInit(): void {
    this.events.on<Partial<FboDiscoveryRequestedData>>(EventTypes.fboDiscoveryRequested, (event) => this.handle(event));
  }

  async handle(event: EventEnvelope<Partial<FboDiscoveryRequestedData>>): Promise<void> {
    await this.discovery.discover(event.data ?? {});
  }
}
