import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { In, Not, type EntityManager } from 'typeorm';
import { EventTypes, type BookingEventData, type EventEnvelope } from '@rampquote/contracts';
import { EventConsumer, SERVICE_CONFIG, type ServiceConfig } from '@rampquote/service-kit';
import { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { isUuid } from '../shared/ids';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteRequest } from '../quote-requests/quote-request.entity';
import { bookingCalendar, calendarAttachment } from './booking-calendar';
import { bookingConfirmedMail, bookingDeclinedMail, bookingRequestedMail, notSelectedMail } from './quote-mails';
import { SentMailsService } from './sent-mails.service';

/**
 * The booking e-mails: `quote-accepted` asks the chosen FBO to confirm (its link, the .ics); `booking-confirmed`
 * tells the pilot (the .ics) and each other FBO that sent an estimate that it was not selected; `booking-declined`
 * tells the pilot. Each mail once per event.
 */
@Injectable()
export class BookingConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mails: SentMailsService,
    private readonly links: QuoteLinks,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceConfig, 'PUBLIC_URL'>,
  ) {}

  onModuleInit(): void {
    this.events.on<BookingEventData>(EventTypes.quoteAccepted, (e, m) => this.accepted(e, m));
    this.events.on<BookingEventData>(EventTypes.bookingConfirmed, (e, m) => this.confirmed(e, m));
    this.events.on<BookingEventData>(EventTypes.bookingDeclined, (e, m) => this.declined(e, m));
  }

  private async load(event: EventEnvelope<BookingEventData>, manager: EntityManager) {
    if (!isUuid(event.data?.quoteRequestId) || !isUuid(event.data?.invitationId)) return null; // malformed
    const request = await manager.findOne(QuoteRequest, { where: { id: event.data.quoteRequestId } });
    const invitation = await manager.findOne(QuoteInvitation, { where: { id: event.data.invitationId } });
    return request && invitation ? { request, invitation } : null;
  }

  private detailsUrl(request: QuoteRequest): string {
    return new URL(`/quote-details/${request.id}`, this.config.PUBLIC_URL).toString();
  }

  async accepted(event: EventEnvelope<BookingEventData>, manager: EntityManager): Promise<void> {
    const found = await this.load(event, manager);
    if (!found) return;
    const { request, invitation } = found;
    const ics = [calendarAttachment(bookingCalendar(request, invitation.fbo.name, 'requested'))];
    const link = this.links.url(invitation.fboId, invitation.linkNonce);
    await this.mails.sendOnce(
      `booking-requested:${event.id}`,
      request.id,
      bookingRequestedMail(request, invitation, link, ics),
    );
  }

  async confirmed(event: EventEnvelope<BookingEventData>, manager: EntityManager): Promise<void> {
    const found = await this.load(event, manager);
    if (!found) return;
    const { request, invitation } = found;
    const ics = [calendarAttachment(bookingCalendar(request, invitation.fbo.name, 'confirmed'))];
    await this.mails.sendOnce(
      `booking-confirmed:${event.id}`,
      request.id,
      bookingConfirmedMail(request, invitation.fbo.name, this.detailsUrl(request), ics),
    );
    // Every other FBO that sent an estimate, also one for a version before an amendment (its invitation reopened).
    const estimates = await manager.find(QuoteResponse, { where: { quoteRequestId: request.id, kind: 'submitted' } });
    const others = await manager.find(QuoteInvitation, {
      where: { id: In(estimates.map((e) => e.invitationId)), status: Not('withdrawn') },
      order: { position: 'ASC' },
    });
    for (const other of others) {
      if (other.id === invitation.id) continue;
      await this.mails.sendOnce(`not-selected:${other.id}`, request.id, notSelectedMail(request, other));
    }
  }

  async declined(event: EventEnvelope<BookingEventData>, manager: EntityManager): Promise<void> {
    const found = await this.load(event, manager);
    if (!found) return;
    const { request, invitation } = found;
    await this.mails.sendOnce(
      `booking-declined:${event.id}`,
      request.id,
      bookingDeclinedMail(request, invitation.fbo.name, event.data.reason, this.detailsUrl(request)),
    );
  }
}
