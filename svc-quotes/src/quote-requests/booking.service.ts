import { ConflictException, ForbiddenException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  BookingMessages,
  bookingDecisionSchema,
  createBookingSchema,
  EventTypes,
  FboQuoteMessages,
  QuoteStreamEvents,
  type BookingEventData,
  type BookingResponse,
  type InternalIdentity,
  type QuoteRequestStatus,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import type { InvitationRef } from '../fbo-quotes/fbo-quotes.service';
import { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { isUuid } from '../shared/ids';
import { ListVersionCache } from '../shared/list-version-cache';
import { findOwnedRequest } from '../shared/owned-request';
import { parseBody } from '../shared/parse-body';
import { QuoteLinks } from '../shared/quote-links';
import { appendStreamEvents } from '../shared/request-stream';
import { QuoteInvitation } from './quote-invitation.entity';
import { QuoteRequest } from './quote-request.entity';

type User = NonNullable<InternalIdentity['user']>;

const NOT_FOUND = () => new NotFoundException({ error: FboQuoteMessages.notFound });

/** Where a request returns when its chosen FBO declines: the answers decide, as before the choice. */
const answeredStatus = (r: Pick<QuoteRequest, 'responseCount' | 'totalFbosCount'>): QuoteRequestStatus =>
  r.responseCount >= r.totalFbosCount ? 'completed' : r.responseCount > 0 ? 'responses_received' : 'pending';

export function toBookingResponse(r: QuoteRequest): BookingResponse {
  return {
    quoteRequestId: r.id,
    status: r.status,
    fboId: r.bookingFboId,
    requestedAt: r.bookingRequestedAt?.toISOString() ?? null,
    confirmedAt: r.bookingConfirmedAt?.toISOString() ?? null,
    declinedFboIds: r.bookingDeclinedFboIds ?? [],
  };
}

/**
 * The pilot books with an FBO that sent an estimate (`booked-pending`, `quote-accepted`); that FBO confirms
 * (`booked`, `booking-confirmed`) or declines with a reason (back to the pilot's choice, `booking-declined`) from
 * its link. Each change is one transaction with its outbox event and its live-update events.
 */
@Injectable()
export class BookingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly versions: ListVersionCache,
  ) {}

  /** POST /api/quote-requests/{id}/booking: 404 another user's, 409 cancelled, already booked, or no estimate. */
  async book(user: User, id: string, body: unknown): Promise<BookingResponse> {
    return this.dataSource
      .transaction(async (manager) => {
        // Another user's request is 404 whatever the body says.
        const request = await findOwnedRequest(manager, user.id, id, true);
        const { fboId } = parseBody(createBookingSchema, body);
        if (request.status === 'cancelled') throw new ConflictException({ error: BookingMessages.cancelled });
        if (request.status === 'booked-pending' || request.status === 'booked')
          throw new ConflictException({ error: BookingMessages.alreadyBooked });
        const offer = isUuid(fboId)
          ? await manager.findOne(QuoteResponse, {
              where: { quoteRequestId: id, fboId, kind: 'submitted', requestVersion: request.version },
            })
          : null;
        if (!offer) throw new ConflictException({ error: BookingMessages.noOffer });
        const invitation = await manager.findOneByOrFail(QuoteInvitation, { id: offer.invitationId });
        const now = new Date();
        await manager.update(
          QuoteRequest,
          { id },
          { status: 'booked-pending', bookingFboId: fboId, bookingRequestedAt: now, bookingConfirmedAt: null },
        );
        await this.changed(manager, request, 'booked-pending', EventTypes.quoteAccepted, invitation, null, now);
        return toBookingResponse(await manager.findOneByOrFail(QuoteRequest, { id }));
      })
      .finally(() => this.versions.forget(user.id));
  }

  /**
   * The chosen FBO confirms or declines, from its link (POST /api/fbo-quote/{fboId}/{token}/booking) or from the inbox
   * of a member (POST /api/fbo-portal/requests/{invitationId}/booking). 404 unknown link, or an invitation of an FBO
   * the user is not a member of; 403 another FBO's id in the link; 410 the request was cancelled or the booking is
   * not (or no longer) this FBO's to answer.
   */
  async decide(ref: InvitationRef, body: unknown): Promise<BookingResponse> {
    let requesterId: string | null = null;
    return this.dataSource
      .transaction(async (manager) => {
        const invitation = await this.findInvitation(manager, ref);
        const request = await manager.findOne(QuoteRequest, {
          where: { id: invitation.quoteRequestId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!request) throw NOT_FOUND();
        requesterId = request.requesterId;
        if (request.status === 'cancelled') throw new GoneException({ error: BookingMessages.withdrawn });
        if (request.status !== 'booked-pending' || request.bookingFboId !== invitation.fboId)
          throw new GoneException({ error: BookingMessages.superseded });
        const decision = parseBody(bookingDecisionSchema, body);
        const now = new Date();
        if (decision.decision === 'confirm') {
          const responseCount = await this.confirmEarlierEstimate(manager, request, invitation, now);
          await manager.update(
            QuoteRequest,
            { id: request.id },
            { status: 'booked', bookingConfirmedAt: now, responseCount },
          );
          await this.changed(
            manager,
            { ...request, responseCount },
            'booked',
            EventTypes.bookingConfirmed,
            invitation,
            null,
            now,
          );
        } else {
          const status = answeredStatus(request);
          await manager.update(
            QuoteRequest,
            { id: request.id },
            {
              status,
              bookingFboId: null,
              bookingRequestedAt: null,
              bookingDeclinedFboIds: [...new Set([...(request.bookingDeclinedFboIds ?? []), invitation.fboId])],
            },
          );
          await this.changed(manager, request, status, EventTypes.bookingDeclined, invitation, decision.reason, now);
        }
        return toBookingResponse(await manager.findOneByOrFail(QuoteRequest, { id: request.id }));
      })
      .finally(() => requesterId && this.versions.forget(requesterId));
  }

  /**
   * The chosen FBO confirming a booking of a request amended since its estimate confirms that estimate for the request
   * as it now reads: it is no longer for an earlier version, and the FBO counts as answered again. The request's
   * response count after it.
   */
  private async confirmEarlierEstimate(
    manager: EntityManager,
    request: QuoteRequest,
    invitation: QuoteInvitation,
    now: Date,
  ): Promise<number> {
    const estimate = await manager.findOne(QuoteResponse, {
      where: { invitationId: invitation.id, kind: 'submitted' },
    });
    if (!estimate || estimate.requestVersion >= request.version) return request.responseCount;
    await manager.update(QuoteResponse, { id: estimate.id }, { requestVersion: request.version });
    if (invitation.status !== 'open') return request.responseCount;
    await manager.update(QuoteInvitation, { id: invitation.id }, { status: 'submitted', respondedAt: now });
    return request.responseCount + 1;
  }

  private async findInvitation(manager: EntityManager, ref: InvitationRef): Promise<QuoteInvitation> {
    if (ref.kind === 'account') {
      if (!isUuid(ref.invitationId) || !ref.fboIds.length) throw NOT_FOUND();
      const invitation = await manager.findOne(QuoteInvitation, {
        where: { id: ref.invitationId.toLowerCase(), fboId: In([...ref.fboIds]) },
      });
      if (!invitation) throw NOT_FOUND();
      return invitation;
    }
    if (!QuoteLinks.looksLikeToken(ref.token) || !isUuid(ref.fboId)) throw NOT_FOUND();
    const invitation = await manager.findOne(QuoteInvitation, { where: { tokenHash: QuoteLinks.hash(ref.token) } });
    if (!invitation) throw NOT_FOUND();
    if (invitation.fboId !== ref.fboId.toLowerCase())
      throw new ForbiddenException({ error: FboQuoteMessages.forbidden });
    return invitation;
  }

  private async changed(
    manager: EntityManager,
    request: Pick<QuoteRequest, 'id' | 'uniqueId' | 'requesterId' | 'status' | 'responseCount' | 'totalFbosCount'>,
    status: QuoteRequestStatus,
    type: string,
    invitation: QuoteInvitation,
    reason: string | null,
    now: Date,
  ): Promise<void> {
    const counts = {
      quoteRequestId: request.id,
      status,
      responseCount: request.responseCount,
      totalFbosCount: request.totalFbosCount,
    };
    await appendStreamEvents(manager, request.id, [
      { type: QuoteStreamEvents.statusChanged, data: { ...counts, previousStatus: request.status } },
    ]);
    const data: BookingEventData = {
      quoteRequestId: request.id,
      uniqueId: request.uniqueId,
      requesterId: request.requesterId,
      fboId: invitation.fboId,
      invitationId: invitation.id,
      fboName: invitation.fbo.name,
      reason,
      occurredAt: now.toISOString(),
    };
    await this.outbox.add(manager, type, data);
  }
}
