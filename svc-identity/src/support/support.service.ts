import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  EventTypes,
  SupportMessages,
  type InternalIdentity,
  type SupportContactResponse,
  type SupportMessageInput,
  type SupportMessageReceivedData,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { SupportMessage } from './support-message.entity';

/** POST /api/support/contact: stores the message and, through the outbox, mails it to SUPPORT_EMAIL. */
@Injectable()
export class SupportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** `input` has passed supportMessageSchema (texts trimmed, e-mail lowercased). */
  async contact(input: SupportMessageInput, identity: InternalIdentity | undefined): Promise<SupportContactResponse> {
    await this.dataSource.transaction(async (manager) => {
      const row = manager.create(SupportMessage, {
        id: randomUUID(),
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        userId: identity?.user?.id ?? null,
      });
      await manager.insert(SupportMessage, row);
      const data: SupportMessageReceivedData = {
        supportMessageId: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        userId: row.userId,
      };
      await this.outbox.add(manager, EventTypes.supportMessageReceived, data);
    });
    return { message: SupportMessages.sent };
  }
}
