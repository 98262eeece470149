import { Injectable, type OnModuleInit } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { EventTypes, type EventEnvelope, type QuoteSubmittedData } from '@rampquote/contracts';
import { EventConsumer, MAIL_POOL } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteRequest } from '../quote-requests/quote-request.entity';
import { invitationMail } from './quote-mails';
import { SentMailsService } from './sent-mails.service';

/**
 * `quote-submitted`: e-mails each invited FBO its link with the trip summary and the requested services.
 * Delivered twice, sent once (the inbox skips a handled event id; the sent-mail record skips a mail already
 * out after a partial failure). SMTP down: the handler throws, the consumer retries, nothing is lost. The mails go
 * out in parallel over the mailer's pooled connections (20 invitations in well under a second).
 */
@Injectable()
export class QuoteSubmittedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mails: SentMailsService,
    private readonly links: QuoteLinks,
  ) {}

  onModuleInit(): void {
    this.events.on<QuoteSubmittedData>(EventTypes.quoteSubmitted, (event, manager) => this.handle(event, manager));
  }

  async handle(event: EventEnvelope<QuoteSubmittedData>, manager: EntityManager): Promise<void> {
    if (!isUuid(event.data?.quoteRequestId)) return; // not ours to act on (malformed)
    const request = await manager.findOne(QuoteRequest, { where: { id: event.data.quoteRequestId } });
    if (!request) return; // deleted since
    const ids = event.data.invitations.map((i) => i.invitationId);
    const invitations = await manager.find(QuoteInvitation, {
      where: { id: In(ids), status: 'open' },
      order: { position: 'ASC' },
    });
    await settleAll(invitations, MAIL_POOL.maxConnections, (invitation) => {
      const link = this.links.url(invitation.fboId, invitation.linkNonce);
      return this.mails.sendOnce(`invitation:${invitation.id}`, request.id, invitationMail(request, invitation, link));
    });
  }
}

/**
 * Runs `task` for every item, at most `concurrency` at a time (the mailer's pooled connections), and waits for every
 * one to settle before it throws the first failure: the mails that went out keep their sent-mail record, so the
 * retry sends only the others.
 */
export async function settleAll<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await task(item);
      } catch (err) {
        failures.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failures.length) throw failures[0];
}
