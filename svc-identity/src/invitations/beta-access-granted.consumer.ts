import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventTypes, InviteMessages, type BetaAccessGrantedData, type EventEnvelope } from '@rampquote/contracts';
import { EventConsumer, Mailer, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { IdentityConfig } from '../config';

/** `beta-access-granted`: tells the registered user that they can log in now (retried by the consumer if the mail fails). */
@Injectable()
export class BetaAccessGrantedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onModuleInit(): void {
    this.events.on<BetaAccessGrantedData>(EventTypes.betaAccessGranted, (event) => this.handle(event));
  }

  async handle(event: EventEnvelope<BetaAccessGrantedData>): Promise<void> {
    const { email, firstName } = event.data;
    const loginUrl = new URL('/login', this.config.PUBLIC_URL).toString();
    await this.mailer.send({
      to: email,
      subject: InviteMessages.accessOpenSubject,
      text: `Hello ${firstName},\n\nGood news: your RampQuote access is open. You can log in now:\n${loginUrl}\n\nThe RampQuote team`,
    });
  }
}
