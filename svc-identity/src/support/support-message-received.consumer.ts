import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventTypes, type EventEnvelope, type SupportMessageReceivedData } from '@rampquote/contracts';
import { EventConsumer, Mailer, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { IdentityConfig } from '../config';

/** `support-message-received`: mails the message to SUPPORT_EMAIL, with the sender as Reply-To. */
@Injectable()
export class SupportMessageReceivedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onModuleInit(): void {
    this.events.on<SupportMessageReceivedData>(EventTypes.supportMessageReceived, (event) => this.handle(event));
  }

  async handle(event: EventEnvelope<SupportMessageReceivedData>): Promise<void> {
    const m = event.data;
    await this.mailer.send({
      to: this.config.SUPPORT_EMAIL,
      replyTo: m.email,
      subject: `[Support] ${m.subject}`,
      text: `From: ${m.name} <${m.email}>${m.userId ? ` (user ${m.userId})` : ''}\nMessage id: ${m.supportMessageId}\n\n${m.message}\n`,
    });
  }
}
