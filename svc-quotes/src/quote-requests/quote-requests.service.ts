import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  EventTypes,
  fuelGradeOf,
  LITERS_PER_GALLON,
  QuoteRequestMessages,
  QuoteStreamEvents,
  AIR_CART_DURATION,
  DEFAULT_COFFEE_TYPE,
  DEFAULT_HANGAR_PRIORITY,
  GPU_DURATION,
  ICE_RANGE,
  NEWSPAPERS_RANGE,
  POTABLE_WATER_RANGE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type AircraftDto,
  type AirportDto,
  type CancelQuoteRequestResponse,
  type CreateQuoteRequest,
  type LegacyQuoteRequest,
  type UpdateNotificationPreferences,
  type CreateQuoteRequestResponse,
  type DeleteQuoteRequestResponse,
  type FboDto,
  type InternalIdentity,
  type NotificationPreferences,
  type ProfileDto,
  type QuoteAirportDto,
  type QuoteCancelledData,
  type QuoteRequestDetailsDto,
  type QuoteRequestListItemDto,
  type QuoteResponseDetailsDto,
  type QuoteResponseResultDto,
  type QuoteServices,
  type QuoteSubmittedData,
  type QuoteUnits,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { NeighboursService } from '../neighbours/neighbours.service';
import { isUniqueViolation, newQuoteId } from '../shared/ids';
import { findOwnedRequest } from '../shared/owned-request';
import { invalidRequest } from '../shared/parse-body';
import { QuoteInvitation } from '../shared/quote-invitation.entity';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteRequest } from '../shared/quote-request.entity';
import { QuoteResponse } from '../shared/quote-response.entity';
import { appendStreamEvent } from '../shared/request-stream';
import { toDetails, toResponseDetails, toResponseResult } from '../shared/quote-views';
import { QuoteLimits } from './quote-limits';
import type { QuoteRequestBody } from './quote-request-body.pipe';

type User = NonNullable<InternalIdentity['user']>;

const QUOTE_ID_ATTEMPTS = 8;

/** What a request is made of once the neighbours were read. */
interface RequestDraft {
  source: 'form' | 'legacy';
  aircraft: AircraftDto | null;
  airport: AirportDto;
  originAirport: AirportDto | null;
  fbos: FboDto[];
  profile: ProfileDto;
  arrival: Date;
  departure: Date;
  services: QuoteServices;
  units: QuoteUnits;
  notes: string | null;
  notifications: NotificationPreferences;
}

const airportSnapshot = (a: AirportDto): QuoteAirportDto => ({ id: a.id, identifier: a.identifier, code: a.code, name: a.name, city: a.city, state: a.state });

/** A toggled service whose detail is missing gets the section 9 default (the form sets the same ones). */
export function withServiceDefaults(services: QuoteServices): QuoteServices {
  const s = { ...services };
  if (s.gpu && !s.gpuDuration) s.gpuDuration = String(GPU_DURATION.default);
  if (s.airCart && !s.airCartDuration) s.airCartDuration = String(AIR_CART_DURATION.default);
  if (s.potableWater && s.potableWaterGallons === null) s.potableWaterGallons = POTABLE_WATER_RANGE.default;
  if (s.ice && s.icePounds === null) s.icePounds = ICE_RANGE.default;
  if (s.newspapers && s.newspapersSets === null) s.newspapersSets = NEWSPAPERS_RANGE.default;
  if (s.coffee && !s.coffeeType) s.coffeeType = DEFAULT_COFFEE_TYPE;
  if (s.hangar && !s.hangarPriority) s.hangarPriority = DEFAULT_HANGAR_PRIORITY;
  return s;
}

/** The pilot's side: create, list, read, delete, cancel, notification preferences (spec sections 2-5, 7). */
@Injectable()
export class QuoteRequestsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly neighbours: NeighboursService,
    private readonly limits: QuoteLimits,
    private readonly links: QuoteLinks,
  ) {}

  // Create -------------------------------------------------------------------------------------------------

  async create(user: User, body: QuoteRequestBody): Promise<CreateQuoteRequestResponse> {
    const draft = body.kind === 'legacy' ? await this.legacyDraft(user, body.input) : await this.formDraft(user, body.input);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager) => {
          // The plan's monthly allowance, counted in this transaction: a refused request leaves nothing behind.
          await this.limits.assertMayCreate(manager, user.id, draft.fbos.length);
          return this.insert(manager, user, draft);
        });
      } catch (err) {
        if (attempt < QUOTE_ID_ATTEMPTS && isUniqueViolation(err, 'quote_requests_unique_id_key')) continue;
        throw err;
      }
    }
  }

  private async formDraft(user: User, input: CreateQuoteRequest): Promise<RequestDraft> {
    const [aircraft, airport, originAirport, fbos, profile] = await Promise.all([
      this.neighbours.aircraft(user, input.aircraftId),
      this.neighbours.airport(input.airportCode),
      this.neighbours.airport(input.departureAirportCode),
      this.neighbours.fbos(input.airportCode),
      this.neighbours.profile(user),
    ]);
    if (!aircraft) throw new NotFoundException({ error: QuoteRequestMessages.aircraftNotFound });
    const problems = [];
    if (!originAirport) problems.push({ field: 'departureAirportCode', message: QuoteRequestMessages.airportNotFound(input.departureAirportCode) });
    if (!airport) problems.push({ field: 'airportCode', message: QuoteRequestMessages.airportNotFound(input.airportCode) });
    const atDestination = new Map(fbos.map((f) => [f.id, f]));
    const selected = input.selectedFbos.map((id) => atDestination.get(id));
    if (airport && selected.some((f) => !f)) problems.push({ field: 'selectedFbos', message: QuoteRequestMessages.fboNotAtDestination });
    if (problems.length) throw invalidRequest(problems);
    return {
      source: 'form',
      aircraft,
      airport: airport!,
      originAirport,
      fbos: selected as FboDto[],
      profile,
      arrival: new Date(input.arrival),
      departure: new Date(input.departure),
      services: withServiceDefaults(input.services),
      units: input.units,
      notes: input.notes,
      notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...input.notifications },
    };
  }

  /** The legacy wizard: the given (else the default) aircraft, every FBO at the destination. */
  private async legacyDraft(user: User, input: LegacyQuoteRequest): Promise<RequestDraft> {
    const [aircraft, airport, fbos, profile] = await Promise.all([
      input.aircraft ? this.neighbours.aircraft(user, input.aircraft) : this.neighbours.userAircraft(user).then((list) => list.find((a) => a.isDefault) ?? list[0] ?? null),
      this.neighbours.airport(input.destination),
      this.neighbours.fbos(input.destination),
      this.neighbours.profile(user),
    ]);
    if (input.aircraft && !aircraft) throw new NotFoundException({ error: QuoteRequestMessages.aircraftNotFound });
    if (!airport) throw invalidRequest([{ field: 'destination', message: QuoteRequestMessages.airportNotFound(input.destination) }]);
    if (!fbos.length) throw invalidRequest([{ field: 'destination', message: QuoteRequestMessages.noFbosAtDestination }]);
    return {
      source: 'legacy',
      aircraft,
      airport,
      originAirport: null,
      fbos,
      profile,
      arrival: new Date(input.duration.arrival),
      departure: new Date(input.duration.departure),
      services: withServiceDefaults(input.services),
      units: 'standard',
      notes: input.notes || null,
      notifications: DEFAULT_NOTIFICATION_PREFERENCES,
    };
  }

  private async insert(manager: EntityManager, user: User, draft: RequestDraft): Promise<CreateQuoteRequestResponse> {
    const id = randomUUID();
    const uniqueId = newQuoteId();
    const amount = draft.services.fuelEstimatedAmount;
    const fuelAmount = amount === null ? null : Math.round((draft.units === 'metric' ? amount / LITERS_PER_GALLON : amount) * 10) / 10;
    const p = draft.profile;
    await manager.insert(QuoteRequest, {
      id,
      uniqueId,
      requesterId: user.id,
      status: 'pending',
      source: draft.source,
      requester: {
        id: user.id,
        email: p.email ?? user.email,
        firstName: p.firstName,
        lastName: p.lastName,
        companyName: p.companyName ?? null,
        jobTitle: p.jobTitle ?? null,
        phoneNumber: p.phoneNumber ?? null,
      },
      aircraftId: draft.aircraft?.id ?? null,
      aircraft: draft.aircraft
        ? { id: draft.aircraft.id, name: draft.aircraft.name, make: draft.aircraft.make, model: draft.aircraft.model, tailNumber: draft.aircraft.tailNumber }
        : null,
      airportId: draft.airport.id,
      airport: airportSnapshot(draft.airport),
      originAirportId: draft.originAirport?.id ?? null,
      originAirport: draft.originAirport ? airportSnapshot(draft.originAirport) : null,
      arrivalDate: draft.arrival,
      departureDate: draft.departure,
      fuelType: fuelGradeOf(draft.services),
      fuelAmount,
      units: draft.units,
      services: draft.services,
      notes: draft.notes,
      emailEachResponse: draft.notifications.emailEachResponse,
      emailAllResponded: draft.notifications.emailAllResponded,
      totalFbosCount: draft.fbos.length,
      responseCount: 0,
    });
    const invitations = draft.fbos.map((fbo, position) => {
      const link = this.links.create();
      return {
        id: randomUUID(),
        quoteRequestId: id,
        fboId: fbo.id,
        position,
        fbo: { id: fbo.id, name: fbo.name, email: fbo.email, phone: fbo.phone ?? null, logo: fbo.logo ?? null },
        fboEmail: fbo.email.trim().toLowerCase(),
        tokenHash: link.tokenHash,
        linkNonce: link.nonce,
        status: 'open' as const,
      };
    });
    await manager.insert(QuoteInvitation, invitations);
    const data: QuoteSubmittedData = {
      quoteRequestId: id,
      uniqueId,
      requesterId: user.id,
      airport: draft.airport.identifier,
      invitations: invitations.map((i) => ({ invitationId: i.id, fboId: i.fboId, fboName: i.fbo.name, fboEmail: i.fbo.email })),
      createdAt: new Date().toISOString(),
    };
    await this.outbox.add(manager, EventTypes.quoteSubmitted, data);
    return { id, uniqueId };
  }

  // Read ---------------------------------------------------------------------------------------------------

  /** My Quotes: the user's requests, newest first (served by quote_requests_requester_created_idx). */
  async list(user: User): Promise<QuoteRequestListItemDto[]> {
    const rows: {
      id: string;
      unique_id: string;
      status: QuoteRequestListItemDto['status'];
      created_at: Date;
      arrival_date: Date | null;
      departure_date: Date | null;
      airport_identifier: string;
      airport_name: string;
      origin_identifier: string | null;
      origin_name: string | null;
      response_count: number;
      total_fbos_count: number;
    }[] = await this.dataSource.query(
      `SELECT id, unique_id, status, created_at, arrival_date, departure_date,
              airport->>'identifier' AS airport_identifier, airport->>'name' AS airport_name,
              origin_airport->>'identifier' AS origin_identifier, origin_airport->>'name' AS origin_name,
              response_count, total_fbos_count
         FROM quote_requests WHERE requester_id = $1 ORDER BY created_at DESC`,
      [user.id],
    );
    return rows.map((r) => ({
      id: r.id,
      uniqueId: r.unique_id,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      arrivalDate: r.arrival_date?.toISOString() ?? null,
      departureDate: r.departure_date?.toISOString() ?? null,
      airport: { identifier: r.airport_identifier, name: r.airport_name },
      originAirport: r.origin_identifier !== null ? { identifier: r.origin_identifier, name: r.origin_name ?? '' } : null,
      responseCount: r.response_count,
      totalFbosCount: r.total_fbos_count,
    }));
  }

  private owned(user: User, id: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<QuoteRequest> {
    return findOwnedRequest(manager, user.id, id, lock);
  }

  async details(user: User, id: string): Promise<QuoteRequestDetailsDto> {
    const request = await this.owned(user, id);
    const invitations = await this.dataSource.getRepository(QuoteInvitation).find({ where: { quoteRequestId: id }, order: { position: 'ASC' } });
    return toDetails(request, invitations);
  }

  async responses(user: User, id: string, view: 'details' | 'results'): Promise<QuoteResponseDetailsDto[] | QuoteResponseResultDto[]> {
    const request = await this.owned(user, id);
    const responses = await this.dataSource.getRepository(QuoteResponse).find({ where: { quoteRequestId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    const invitations = responses.length
      ? await this.dataSource.getRepository(QuoteInvitation).find({ where: { id: In(responses.map((r) => r.invitationId)) } })
      : [];
    const fbo = new Map(invitations.map((i) => [i.id, i.fbo]));
    const now = new Date();
    return view === 'results'
      ? responses.map((r) => toResponseResult(r, fbo.get(r.invitationId)!, now))
      : responses.map((r) => toResponseDetails(r, fbo.get(r.invitationId)!, request, now));
  }

  // Change -------------------------------------------------------------------------------------------------

  /** Only a complete (or cancelled) request may be deleted (the UI's rule); an open one answers 409. */
  async remove(user: User, id: string): Promise<DeleteQuoteRequestResponse> {
    return this.dataSource.transaction(async (manager) => {
      const request = await this.owned(user, id, manager, true);
      if (request.status !== 'completed' && request.status !== 'cancelled') throw new ConflictException({ error: QuoteRequestMessages.deleteNotComplete });
      await manager.delete(QuoteRequest, { id });
      return { deleted: id };
    });
  }

  async updateNotifications(user: User, id: string, input: UpdateNotificationPreferences): Promise<NotificationPreferences> {
    return this.dataSource.transaction(async (manager) => {
      const request = await this.owned(user, id, manager, true);
      const next = {
        emailEachResponse: input.emailEachResponse ?? request.emailEachResponse,
        emailAllResponded: input.emailAllResponded ?? request.emailAllResponded,
      };
      await manager.update(QuoteRequest, { id }, next);
      return next;
    });
  }

  /**
   * The pilot withdraws an open request: status `cancelled`, the invitations not yet answered become `withdrawn`
   * (their links say so), and `quote-cancelled` makes the e-mail consumer tell those FBOs.
   */
  async cancel(user: User, id: string): Promise<CancelQuoteRequestResponse> {
    return this.dataSource.transaction(async (manager) => {
      const request = await this.owned(user, id, manager, true);
      if (request.status === 'cancelled') throw new ConflictException({ error: QuoteRequestMessages.alreadyCancelled });
      if (request.status === 'completed') throw new ConflictException({ error: QuoteRequestMessages.cancelNotOpen });
      const cancelledAt = new Date();
      const withdrawn = await manager.find(QuoteInvitation, { where: { quoteRequestId: id, status: 'open' }, order: { position: 'ASC' } });
      if (withdrawn.length) await manager.update(QuoteInvitation, { id: In(withdrawn.map((w) => w.id)) }, { status: 'withdrawn' });
      await manager.update(QuoteRequest, { id }, { status: 'cancelled', cancelledAt });
      const counts = { quoteRequestId: id, status: 'cancelled' as const, responseCount: request.responseCount, totalFbosCount: request.totalFbosCount };
      await appendStreamEvent(manager, id, QuoteStreamEvents.statusChanged, { ...counts, previousStatus: request.status });
      await appendStreamEvent(manager, id, QuoteStreamEvents.cancelled, { ...counts, cancelledAt: cancelledAt.toISOString() });
      const data: QuoteCancelledData = {
        quoteRequestId: id,
        uniqueId: request.uniqueId,
        requesterId: user.id,
        cancelledAt: cancelledAt.toISOString(),
        withdrawnInvitationIds: withdrawn.map((w) => w.id),
      };
      await this.outbox.add(manager, EventTypes.quoteCancelled, data);
      return { id, status: 'cancelled', cancelledAt: cancelledAt.toISOString(), withdrawnFboIds: withdrawn.map((w) => w.fboId) };
    });
  }
}
