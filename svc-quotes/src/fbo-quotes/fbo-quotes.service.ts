import { randomUUID } from 'node:crypto';
import { ConflictException, ForbiddenException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  declineEstimateSchema,
  ESTIMATE_DEFAULT_VALID_DAYS,
  ESTIMATE_MAX_VALID_DAYS,
  ESTIMATE_SERVICE_KEYS,
  estimateTotalCents,
  EventTypes,
  FboQuoteMessages,
  QuoteStreamEvents,
  requestedEstimateKeys,
  requestedServiceLabels,
  submitEstimateSchema,
  toEstimatePageServices,
  type EstimateAnswerResponse,
  type EstimatePageDataDto,
  type EstimatePageState,
  type FboInboxRowDto,
  type FboRespondedData,
  type QuoteAirportDto,
  type QuoteRequestStatus,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { invalidRequest, parseBody } from '../shared/parse-body';
import { QuoteInvitation } from '../shared/quote-invitation.entity';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteRequest } from '../shared/quote-request.entity';
import { QuoteResponse } from '../shared/quote-response.entity';
import { appendStreamEvents, type StreamEvent } from '../shared/request-stream';
import { pricePerGallonCents, toResponseDetails, toStoredServices, toSubmittedServices, visitIsOver } from '../shared/quote-views';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = () => new NotFoundException({ error: FboQuoteMessages.notFound });

/** How the FBO reached the invitation: its link, or its signed-in FBO account (inbox). */
export type InvitationRef = { kind: 'link'; fboId: string; token: string } | { kind: 'account'; email: string; invitationId: string };

type Answer = { kind: 'submitted'; body: unknown } | { kind: 'declined'; body: unknown };

const pageAirport = (a: QuoteAirportDto) => ({ identifier: a.identifier, name: a.name, city: a.city, state: a.state });

/**
 * The FBO's side (spec sections 2, 3, 5, 8; issue 11): the estimate page data, the estimate and the decline,
 * by link (the token is the credential) or from a signed-in FBO account's inbox. An answer, its status change,
 * its stream events and `fbo-responded` are written in one transaction holding the request row.
 */
@Injectable()
export class FboQuotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  // Finding the invitation ---------------------------------------------------------------------------------

  /** 404 for an unknown or forged token (or a malformed id), 403 when the link's FBO is not the invited one. */
  private async find(ref: InvitationRef, manager: EntityManager): Promise<QuoteInvitation> {
    if (ref.kind === 'link') {
      if (!QuoteLinks.looksLikeToken(ref.token) || !isUuid(ref.fboId)) throw NOT_FOUND();
      const invitation = await manager.findOne(QuoteInvitation, { where: { tokenHash: QuoteLinks.hash(ref.token) } });
      if (!invitation) throw NOT_FOUND();
      if (invitation.fboId !== ref.fboId.toLowerCase()) throw new ForbiddenException({ error: FboQuoteMessages.forbidden });
      return invitation;
    }
    if (!isUuid(ref.invitationId)) throw NOT_FOUND();
    const invitation = await manager.findOne(QuoteInvitation, { where: { id: ref.invitationId, fboEmail: ref.email.trim().toLowerCase() } });
    if (!invitation) throw NOT_FOUND();
    return invitation;
  }

  private state(invitation: QuoteInvitation, request: QuoteRequest, now = new Date()): EstimatePageState {
    if (invitation.status === 'open' && visitIsOver(request, now)) return 'expired';
    return invitation.status;
  }

  // The page -----------------------------------------------------------------------------------------------

  async page(ref: InvitationRef): Promise<EstimatePageDataDto> {
    const manager = this.dataSource.manager;
    const invitation = await this.find(ref, manager);
    const request = await manager.findOneOrFail(QuoteRequest, { where: { id: invitation.quoteRequestId } });
    const response = await manager.findOne(QuoteResponse, { where: { invitationId: invitation.id } });
    const services = toEstimatePageServices(request.services);
    const r = request.requester;
    return {
      state: this.state(invitation, request),
      invitationId: invitation.id,
      quoteRequest: {
        id: request.id,
        uniqueId: request.uniqueId,
        services: { ...services, fuelEstimatedAmount: request.fuelAmount },
        fuelAmount: request.fuelAmount,
        fuelType: request.fuelType,
        arrivalDate: request.arrivalDate?.toISOString() ?? null,
        departureDate: request.departureDate?.toISOString() ?? null,
        notes: request.notes,
      },
      user: { companyName: r.companyName, firstName: r.firstName, lastName: r.lastName, jobTitle: r.jobTitle, phoneNumber: r.phoneNumber, email: r.email },
      aircraft: request.aircraft ? { tailNumber: request.aircraft.tailNumber, make: request.aircraft.make, model: request.aircraft.model } : null,
      airport: pageAirport(request.airport),
      departureAirport: request.originAirport ? pageAirport(request.originAirport) : null,
      fbo: { id: invitation.fboId, name: invitation.fbo.name },
      requestedKeys: requestedEstimateKeys(services),
      defaultValidUntil: new Date(Date.now() + ESTIMATE_DEFAULT_VALID_DAYS * DAY_MS).toISOString(),
      estimate:
        response?.kind === 'submitted' && response.servicesQuoted
          ? {
              totalPrice: (response.totalPriceCents ?? 0) / 100,
              servicesQuoted: toSubmittedServices(response.servicesQuoted),
              notes: response.notes,
              validUntil: response.validUntil!.toISOString(),
              submittedAt: response.createdAt.toISOString(),
            }
          : null,
      declined:
        response?.kind === 'declined' && response.declineReason
          ? { reason: response.declineReason, text: response.declineText, declinedAt: response.createdAt.toISOString() }
          : null,
    };
  }

  // Answers ------------------------------------------------------------------------------------------------

  submit(ref: InvitationRef, body: unknown): Promise<EstimateAnswerResponse> {
    return this.answer(ref, { kind: 'submitted', body });
  }

  decline(ref: InvitationRef, body: unknown): Promise<EstimateAnswerResponse> {
    return this.answer(ref, { kind: 'declined', body });
  }

  private async answer(ref: InvitationRef, answer: Answer): Promise<EstimateAnswerResponse> {
    return this.dataSource.transaction(async (manager) => {
      const found = await this.find(ref, manager);
      // Every writer of a request's invitations (answers, cancel) holds the request row first.
      const request = await manager.findOneOrFail(QuoteRequest, { where: { id: found.quoteRequestId }, lock: { mode: 'pessimistic_write' } });
      const invitation = await manager.findOneOrFail(QuoteInvitation, { where: { id: found.id } });
      const now = new Date();
      switch (this.state(invitation, request, now)) {
        case 'submitted':
          throw new ConflictException({ error: FboQuoteMessages.alreadySubmitted });
        case 'declined':
          throw new ConflictException({ error: FboQuoteMessages.alreadyDeclined });
        case 'withdrawn':
          throw new GoneException({ error: FboQuoteMessages.withdrawn });
        case 'expired':
          throw new GoneException({ error: FboQuoteMessages.expired });
        case 'open':
          break;
      }
      const response = answer.kind === 'submitted' ? this.estimate(answer.body, request, invitation, now) : this.declineOf(answer.body, request, invitation, now);
      await manager.insert(QuoteResponse, response);
      await manager.update(QuoteInvitation, { id: invitation.id }, { status: answer.kind, respondedAt: now });
      const responseCount = request.responseCount + 1;
      const status: QuoteRequestStatus = responseCount >= request.totalFbosCount ? 'completed' : 'responses_received';
      await manager.update(QuoteRequest, { id: request.id }, { responseCount, status });

      const counts = { quoteRequestId: request.id, status, responseCount, totalFbosCount: request.totalFbosCount };
      const stored = await manager.findOneOrFail(QuoteResponse, { where: { id: response.id } });
      const changes: StreamEvent[] = [{ type: QuoteStreamEvents.responseReceived, data: { ...counts, response: toResponseDetails(stored, invitation.fbo, request, now) } }];
      if (status !== request.status) changes.push({ type: QuoteStreamEvents.statusChanged, data: { ...counts, previousStatus: request.status } });
      await appendStreamEvents(manager, request.id, changes);
      const data: FboRespondedData = {
        quoteRequestId: request.id,
        uniqueId: request.uniqueId,
        requesterId: request.requesterId,
        invitationId: invitation.id,
        responseId: response.id,
        fboId: invitation.fboId,
        fboName: invitation.fbo.name,
        kind: answer.kind,
        totalPriceCents: response.totalPriceCents,
        responseCount,
        totalFbosCount: request.totalFbosCount,
        status,
      };
      await this.outbox.add(manager, EventTypes.fboResponded, data);
      return {
        state: answer.kind,
        quoteRequestId: request.id,
        respondedAt: now.toISOString(),
        ...(answer.kind === 'submitted' ? { totalPrice: response.totalPriceCents! / 100, validUntil: response.validUntil!.toISOString() } : {}),
      };
    });
  }

  private estimate(body: unknown, request: QuoteRequest, invitation: QuoteInvitation, now: Date): QuoteResponse {
    const input = parseBody(submitEstimateSchema, body);
    const requested = new Set<string>(requestedEstimateKeys(toEstimatePageServices(request.services)));
    const outside = ESTIMATE_SERVICE_KEYS.filter((key) => {
      const line = input.servicesQuoted[key];
      return line && !requested.has(key) && (line.unavailable || (line.price ?? 0) > 0);
    });
    if (outside.length) throw invalidRequest(outside.map((key) => ({ field: `servicesQuoted.${key}`, message: FboQuoteMessages.notRequested(key) })));
    let validUntil = new Date(now.getTime() + ESTIMATE_DEFAULT_VALID_DAYS * DAY_MS);
    if (input.validUntil) {
      const given = new Date(/^\d{4}-\d{2}-\d{2}$/.test(input.validUntil) ? `${input.validUntil}T23:59:59.999Z` : input.validUntil);
      if (given.getTime() <= now.getTime()) throw invalidRequest([{ field: 'validUntil', message: FboQuoteMessages.validUntil }]);
      if (given.getTime() > now.getTime() + ESTIMATE_MAX_VALID_DAYS * DAY_MS) throw invalidRequest([{ field: 'validUntil', message: FboQuoteMessages.validUntilTooFar }]);
      validUntil = given;
    }
    const servicesQuoted = toStoredServices(input.servicesQuoted);
    return Object.assign(new QuoteResponse(), {
      id: randomUUID(),
      quoteRequestId: request.id,
      invitationId: invitation.id,
      fboId: invitation.fboId,
      kind: 'submitted' as const,
      totalPriceCents: estimateTotalCents(input.servicesQuoted),
      pricePerGallonCents: pricePerGallonCents(servicesQuoted),
      servicesQuoted,
      notes: input.notes,
      declineReason: null,
      declineText: null,
      validUntil,
      createdAt: now,
    });
  }

  private declineOf(body: unknown, request: QuoteRequest, invitation: QuoteInvitation, now: Date): QuoteResponse {
    const input = parseBody(declineEstimateSchema, body);
    return Object.assign(new QuoteResponse(), {
      id: randomUUID(),
      quoteRequestId: request.id,
      invitationId: invitation.id,
      fboId: invitation.fboId,
      kind: 'declined' as const,
      totalPriceCents: null,
      pricePerGallonCents: null,
      servicesQuoted: null,
      notes: null,
      declineReason: input.reason,
      declineText: input.text,
      validUntil: null,
      createdAt: now,
    });
  }

  // The inbox ----------------------------------------------------------------------------------------------

  /** The invitations sent to the FBO user's e-mail, newest first (served by quote_invitations_fbo_email_created_idx). */
  async inbox(email: string, limit = 200): Promise<FboInboxRowDto[]> {
    const rows: {
      id: string;
      quote_request_id: string;
      status: QuoteInvitation['status'];
      created_at: Date;
      responded_at: Date | null;
      fbo: QuoteInvitation['fbo'];
      unique_id: string;
      airport: QuoteAirportDto;
      origin_airport: QuoteAirportDto | null;
      arrival_date: Date | null;
      departure_date: Date | null;
      requester: QuoteRequest['requester'];
      aircraft: QuoteRequest['aircraft'];
      services: QuoteRequest['services'];
      units: QuoteRequest['units'];
    }[] = await this.dataSource.query(
      `SELECT i.id, i.quote_request_id, i.status, i.created_at, i.responded_at, i.fbo,
              r.unique_id, r.airport, r.origin_airport, r.arrival_date, r.departure_date, r.requester, r.aircraft, r.services, r.units
         FROM quote_invitations i JOIN quote_requests r ON r.id = i.quote_request_id
        WHERE i.fbo_email = $1
        ORDER BY i.created_at DESC, i.id
        LIMIT $2`,
      [email.trim().toLowerCase(), limit],
    );
    const now = new Date();
    return rows.map((row) => {
      const state =
        row.status === 'submitted'
          ? 'answered'
          : row.status === 'open' && visitIsOver({ arrivalDate: row.arrival_date, departureDate: row.departure_date }, now)
            ? 'expired'
            : row.status;
      const name = `${row.requester.firstName} ${row.requester.lastName}`.trim();
      return {
        invitationId: row.id,
        quoteRequestId: row.quote_request_id,
        uniqueId: row.unique_id,
        state,
        createdAt: row.created_at.toISOString(),
        respondedAt: row.responded_at?.toISOString() ?? null,
        fbo: { id: row.fbo.id, name: row.fbo.name },
        airport: { identifier: row.airport.identifier, name: row.airport.name },
        departureAirport: row.origin_airport ? { identifier: row.origin_airport.identifier, name: row.origin_airport.name } : null,
        arrivalDate: row.arrival_date?.toISOString() ?? null,
        departureDate: row.departure_date?.toISOString() ?? null,
        requester: { name, companyName: row.requester.companyName },
        aircraft: row.aircraft ? { tailNumber: row.aircraft.tailNumber, make: row.aircraft.make, model: row.aircraft.model } : null,
        requestedServices: requestedServiceLabels(row.services, row.units),
      };
    });
  }
}
