import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AccountEventTypes,
  SupportMessages,
  validateSupportContact,
  type InternalIdentity,
  type SupportContactResponse,
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

  async contact(body: unknown, identity: InternalIdentity | undefined): Promise<SupportContactResponse> {
    const details = validateSupportContact(body);
    if (details.length) throw new BadRequestException({ error: SupportMessages.invalidRequest, details });
    const input = body as Record<'name' | 'email' | 'subject' | 'message', string>;
    await this.dataSource.transaction(async (manager) => {
      const row = manager.create(SupportMessage, {
        id: randomUUID(),
        name: input.name.trim(),
        email: input.email.trim().toLowerCase(),
        subject: input.subject.trim(),
        message: input.message.trim(),
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
      await this.outbox.add(manager, AccountEventTypes.supportMessageReceived, data);
    });
    return { message: SupportMessages.sent };
  }
}
