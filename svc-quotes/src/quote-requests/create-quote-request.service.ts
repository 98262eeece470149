import { randomUUID } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AIR_CART_DURATION,
  DEFAULT_COFFEE_TYPE,
  DEFAULT_HANGAR_PRIORITY,
  DEFAULT_NOTIFICATION_PREFERENCES,
  EventTypes,
  fuelGradeOf,
  GPU_DURATION,
  ICE_RANGE,
  LITERS_PER_GALLON,
  NEWSPAPERS_RANGE,
  POTABLE_WATER_RANGE,
  QuoteRequestMessages,
  type AircraftDto,
  type AirportDto,
  type CreateQuoteRequest,
  type CreateQuoteRequestResponse,
  type FboContactDto,
  type InternalIdentity,
  type LegacyQuoteRequest,
  type NotificationPreferences,
  type ProfileDto,
  type QuoteAirportDto,
  type QuoteServices,
  type QuoteSubmittedData,
  type QuoteUnits,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { NeighboursService } from '../neighbours/neighbours.service';
import { isUniqueViolation, newQuoteId } from '../shared/ids';
import { ListVersionCache } from '../shared/list-version-cache';
import { invalidRequest } from '../shared/parse-body';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteInvitation } from './quote-invitation.entity';
import { QuoteLimits } from './quote-limits';
import { QuoteRequest } from './quote-request.entity';
import type { QuoteRequestBody } from './quote-request-body.pipe';

type User = NonNullable<InternalIdentity['user']>;

const QUOTE_ID_ATTEMPTS = 8;

/** A new request's columns (the others take their defaults: status `pending`, no responses, created now). */
type NewQuoteRequest = Omit<
  QuoteRequest,
  | 'status'
  | 'responseCount'
  | 'cancelledAt'
  | 'createdAt'
  | 'updatedAt'
  | 'bookingFboId'
  | 'bookingRequestedAt'
  | 'bookingConfirmedAt'
  | 'bookingDeclinedFboIds'
  | 'version'
>;
/** A new invitation's columns (status `open`, created now); its request is the new request. */
type NewInvitation = Pick<
  QuoteInvitation,
  'id' | 'fboId' | 'position' | 'fbo' | 'fboEmail' | 'tokenHash' | 'linkNonce'
>;

/** What a request is made of once the neighbours were read. */
interface RequestDraft {
  source: 'form' | 'legacy';
  aircraft: AircraftDto | null;
  airport: AirportDto;
  originAirport: AirportDto | null;
  fbos: FboContactDto[];
  profile: ProfileDto;
  arrival: Date;
  departure: Date;
  services: QuoteServices;
  units: QuoteUnits;
  notes: string | null;
  notifications: NotificationPreferences;
}

const airportSnapshot = (a: AirportDto): QuoteAirportDto => ({
  id: a.id,
  identifier: a.identifier,
  code: a.code,
  name: a.name,
  city: a.city,
  state: a.state,
});

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

/**
 * A new quote request (spec sections 2-3): the neighbours' snapshot of the aircraft, airports, FBOs and requester,
 * within the plan's monthly allowance, with its invitations and `quote-submitted`.
 */
@Injectable()
export class CreateQuoteRequestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly neighbours: NeighboursService,
    private readonly limits: QuoteLimits,
    private readonly links: QuoteLinks,
    private readonly versions: ListVersionCache,
  ) {}

  async create(user: User, body: QuoteRequestBody): Promise<CreateQuoteRequestResponse> {
    const draft =
      body.kind === 'legacy' ? await this.legacyDraft(user, body.input) : await this.formDraft(user, body.input);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource
          .transaction(async (manager) => {
            // The plan's monthly allowance, counted in this transaction: a refused request leaves nothing behind.
            await this.limits.assertMayCreate(manager, user.id, draft.fbos.length);
            return this.insert(manager, user, draft);
          })
          .finally(() => this.versions.forget(user.id));
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
    if (!originAirport)
      problems.push({
        field: 'departureAirportCode',
        message: QuoteRequestMessages.airportNotFound(input.departureAirportCode),
      });
    if (!airport)
      problems.push({ field: 'airportCode', message: QuoteRequestMessages.airportNotFound(input.airportCode) });
    const atDestination = new Map(fbos.map((f) => [f.id, f]));
    const selected = input.selectedFbos.map((id) => atDestination.get(id));
    if (airport && selected.some((f) => !f))
      problems.push({ field: 'selectedFbos', message: QuoteRequestMessages.fboNotAtDestination });
    if (problems.length) throw invalidRequest(problems);
    return {
      source: 'form',
      aircraft,
      airport: airport!,
      originAirport,
      fbos: selected as FboContactDto[],
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
      input.aircraft
        ? this.neighbours.aircraft(user, input.aircraft)
        : this.neighbours.userAircraft(user).then((list) => list.find((a) => a.isDefault) ?? list[0] ?? null),
      this.neighbours.airport(input.destination),
      this.neighbours.fbos(input.destination),
      this.neighbours.profile(user),
    ]);
    if (input.aircraft && !aircraft) throw new NotFoundException({ error: QuoteRequestMessages.aircraftNotFound });
    if (!airport)
      throw invalidRequest([
        { field: 'destination', message: QuoteRequestMessages.airportNotFound(input.destination) },
      ]);
    if (!fbos.length)
      throw invalidRequest([{ field: 'destination', message: QuoteRequestMessages.noFbosAtDestination }]);
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
    const fuelAmount =
      amount === null ? null : Math.round((draft.units === 'metric' ? amount / LITERS_PER_GALLON : amount) * 10) / 10;
    const p = draft.profile;
    const request: NewQuoteRequest = {
      id,
      uniqueId,
      requesterId: user.id,
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
        ? {
            id: draft.aircraft.id,
            name: draft.aircraft.name,
            make: draft.aircraft.make,
            model: draft.aircraft.model,
            tailNumber: draft.aircraft.tailNumber,
          }
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
    };
    const invitations: NewInvitation[] = draft.fbos.map((fbo, position) => {
      const link = this.links.create();
      return {
        id: randomUUID(),
        fboId: fbo.id,
        position,
        fbo: { id: fbo.id, name: fbo.name, email: fbo.email, phone: fbo.phone ?? null, logo: fbo.logo ?? null },
        fboEmail: fbo.email.trim().toLowerCase(),
        tokenHash: link.tokenHash,
        linkNonce: link.nonce,
      };
    });
    const data: QuoteSubmittedData = {
      quoteRequestId: id,
      uniqueId,
      requesterId: user.id,
      airport: draft.airport.identifier,
      invitations: invitations.map((i) => ({
        invitationId: i.id,
        fboId: i.fboId,
        fboName: i.fbo.name,
        fboEmail: i.fbo.email,
      })),
      createdAt: new Date().toISOString(),
    };
    await manager.insert(QuoteRequest, request);
    if (invitations.length)
      await manager.insert(
        QuoteInvitation,
        invitations.map((i) => ({ ...i, quoteRequestId: id })),
      );
    await this.outbox.add(manager, EventTypes.quoteSubmitted, data);
    return { id, uniqueId };
  }
}
