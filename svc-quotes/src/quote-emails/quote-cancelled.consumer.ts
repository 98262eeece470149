import { Injectable, type OnModuleInit } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { EventTypes, type EventEnvelope, type QuoteCancelledData } from '@rampquote/contracts';
import { EventConsumer } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteRequest } from '../quote-requests/quote-request.entity';
import { bookingCalendar, calendarAttachment } from './booking-calendar';
import { bookingCancelledMail, withdrawnMail } from './quote-mails';
import { SentMailsService } from './sent-mails.service';

/**
 * `quote-cancelled`: a short e-mail to each FBO that had not answered and had been invited by mail (once per
 * invitation), and to the booked FBO, if any, with the calendar entry cancelled.
 */
@Injectable()
export class QuoteCancelledConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mails: SentMailsService,
  ) {}

  onModuleInit(): void {
    this.events.on<QuoteCancelledData>(EventTypes.quoteCancelled, (event, manager) => this.handle(event, manager));
  }

  async handle(event: EventEnvelope<QuoteCancelledData>, manager: EntityManager): Promise<void> {
    if (!isUuid(event.data?.quoteRequestId)) return; // not ours to act on (malformed)
    const request = await manager.findOne(QuoteRequest, { where: { id: event.data.quoteRequestId } });
    if (!request) return;
    if (request.bookingFboId) {
      // A booking (asked or confirmed) is cancelled with the request: its calendar entry too.
      const booked = await manager.findOne(QuoteInvitation, {
        where: { quoteRequestId: request.id, fboId: request.bookingFboId },
      });
      if (booked) {
        const ics = bookingCalendar(request, booked.fbo.name, 'cancelled');
        await this.mails.sendOnce(
          `booking-cancelled:${booked.id}`,
          request.id,
          bookingCancelledMail(request, booked, [calendarAttachment(ics, 'CANCEL')]),
        );
      }
    }
    if (!event.data.withdrawnInvitationIds.length) return;
    const invitations = await manager.find(QuoteInvitation, {
      where: { id: In(event.data.withdrawnInvitationIds) },
      order: { position: 'ASC' },
    });
    for (const invitation of invitations) {
      // An FBO whose invitation never went out (cancelled before the mail, e.g. while SMTP was down) hears nothing.
      if (!(await this.mails.wasSent(`invitation:${invitation.id}`))) continue;
      await this.mails.sendOnce(`withdrawn:${invitation.id}`, request.id, withdrawnMail(request, invitation));
    }
  }
}
