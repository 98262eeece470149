import { Injectable, type OnModuleInit } from '@nestjs/common';
import { In, Not, type EntityManager } from 'typeorm';
import { EventTypes, type EventEnvelope, type QuoteRequestAmendedData } from '@rampquote/contracts';
import { EventConsumer, MAIL_POOL } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteRequest } from '../quote-requests/quote-request.entity';
import { bookingCalendar, calendarAttachment } from './booking-calendar';
import { amendedMail } from './quote-mails';
import { settleAll } from './quote-submitted.consumer';
import { SentMailsService } from './sent-mails.service';

/**
 * `quote-request-amended`: each invited FBO (not withdrawn) is e-mailed what changed, with its same link; the FBO
 * whose confirmation of a booking the pilot awaits, with the booking's calendar entry moved to the new dates.
 */
@Injectable()
export class QuoteAmendedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mails: SentMailsService,
    private readonly links: QuoteLinks,
  ) {}

  onModuleInit(): void {
    this.events.on<QuoteRequestAmendedData>(EventTypes.quoteRequestAmended, (event, manager) =>
      this.handle(event, manager),
    );
  }

  async handle(event: EventEnvelope<QuoteRequestAmendedData>, manager: EntityManager): Promise<void> {
    if (!isUuid(event.data?.quoteRequestId) || !Array.isArray(event.data.invitationIds)) return; // malformed
    const request = await manager.findOne(QuoteRequest, { where: { id: event.data.quoteRequestId } });
    if (!request) return; // deleted since
    const invitations = await manager.find(QuoteInvitation, {
      where: { id: In(event.data.invitationIds.filter(isUuid)), status: Not('withdrawn') },
      order: { position: 'ASC' },
    });
    // The FBO asked to confirm a booking holds its calendar entry: it moves with the amended dates.
    const awaitsConfirmation = (invitation: QuoteInvitation) =>
      request.status === 'booked-pending' && request.bookingFboId === invitation.fboId;
    await settleAll(invitations, MAIL_POOL.maxConnections, (invitation) =>
      this.mails.sendOnce(
        `amended:${invitation.id}:${event.data.version}`,
        request.id,
        amendedMail(
          request,
          invitation,
          event.data.changes,
          this.links.url(invitation.fboId, invitation.linkNonce),
          awaitsConfirmation(invitation)
            ? [calendarAttachment(bookingCalendar(request, invitation.fbo.name, 'amended'))]
            : undefined,
        ),
      ),
    );
  }
}
