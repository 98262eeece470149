import { createHash, randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
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
  type QuoteResponseDetailsDto,
  type QuoteResponseResultDto,
  type QuoteServices,
  type QuoteSubmittedData,
  type QuoteUnits,
} from '@rampquote/contracts';
import { Outbox, outboxInsert, preparedQuery, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { QuotesConfig } from '../config';
import { NeighboursService } from '../neighbours/neighbours.service';
import { isUniqueViolation, isUuid, newQuoteId } from '../shared/ids';
import { findOwnedRequest, readOwnedRequest, requestNotFound } from '../shared/owned-request';
import { ListVersionCache } from '../shared/list-version-cache';
import { invalidRequest } from '../shared/parse-body';
import { QuoteInvitation } from '../shared/quote-invitation.entity';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteRequest } from '../shared/quote-request.entity';
import type { QuoteResponse } from '../shared/quote-response.entity';
import { appendStreamEvents } from '../shared/request-stream';
import {
  toDetails,
  toResponseDetails,
  toResponseResult,
  type DetailsInvitation,
  type DetailsRequest,
} from '../shared/quote-views';
import { QuoteLimits } from './quote-limits';
import type { QuoteRequestBody } from './quote-request-body.pipe';
import { MyQuotesListCache, type CachedListPage } from './my-quotes-list-cache';

type User = NonNullable<InternalIdentity['user']>;

const QUOTE_ID_ATTEMPTS = 8;

/** No `limit`: the whole list (the spec's reading of GET /api/quote-requests). */
const ALL_ROWS = 1_000_000;

/** A page of My Quotes: at most `limit` rows after the row `after` (decoded from a cursor). */
export interface MyQuotesPage {
  limit?: number;
  after?: { createdAt: string; id: string };
}

/** listVersion's read (one primary-key lookup, on every My Quotes call). */
const LIST_VERSION_STATEMENT = {
  name: 'quotes_list_version',
  text: 'SELECT version::text AS version FROM quote_request_list_versions WHERE requester_id = $1',
};
/**
 * The details page's read (it polls every 3 s while a request waits for answers): the requester's request and its
 * invitations in their order, in one prepared statement instead of two TypeORM queries. Columns are named as the
 * entities' properties (numeric as float8, as the entity's transformer gives it), so toDetails maps the row as it maps
 * the entities; the invitations come as JSON (their answer time as text).
 */
const DETAILS_STATEMENT = {
  name: 'quotes_request_details',
  text: `
  SELECT q.id, q.unique_id AS "uniqueId", q.status, q.requester, q.created_at AS "createdAt", q.cancelled_at AS "cancelledAt",
         q.aircraft_id AS "aircraftId", q.aircraft, q.airport_id AS "airportId", q.airport,
         q.origin_airport_id AS "originAirportId", q.origin_airport AS "originAirport",
         q.arrival_date AS "arrivalDate", q.departure_date AS "departureDate",
         q.fuel_type AS "fuelType", q.fuel_amount::float8 AS "fuelAmount", q.units, q.services, q.notes,
         q.email_each_response AS "emailEachResponse", q.email_all_responded AS "emailAllResponded",
         q.total_fbos_count AS "totalFbosCount", q.response_count AS "responseCount",
         coalesce((SELECT json_agg(json_build_object('fbo', i.fbo, 'status', i.status, 'respondedAt', i.responded_at) ORDER BY i.position)
                     FROM quote_invitations i
                    WHERE i.quote_request_id = q.id), '[]') AS invitations
    FROM quote_requests q
   WHERE q.id = $1 AND q.requester_id = $2`,
};
/**
 * The responses read (the details page's comparison, and the results view): the requester's request's fuel with every
 * answer in the order they came and the answering FBO's snapshot, in one prepared statement instead of three TypeORM
 * queries. A request without answers gives one row whose response columns are null; no row: not the requester's.
 */
const RESPONSES_STATEMENT = {
  name: 'quotes_request_responses',
  text: `
  SELECT q.fuel_type AS "fuelType", q.fuel_amount::float8 AS "fuelAmount",
         r.id, r.quote_request_id AS "quoteRequestId", r.invitation_id AS "invitationId", r.fbo_id AS "fboId", r.kind,
         r.total_price_cents::float8 AS "totalPriceCents", r.price_per_gallon_cents::float8 AS "pricePerGallonCents",
         r.services_quoted AS "servicesQuoted", r.notes, r.decline_reason AS "declineReason", r.decline_text AS "declineText",
         r.valid_until AS "validUntil", r.created_at AS "createdAt", i.fbo
    FROM quote_requests q
    LEFT JOIN quote_responses r ON r.quote_request_id = q.id
    LEFT JOIN quote_invitations i ON i.id = r.invitation_id
   WHERE q.id = $1 AND q.requester_id = $2
   ORDER BY r.created_at ASC, r.id ASC`,
};
/** Deletes the requester's request when it is complete or cancelled (the UI's rule); no row: it was not deleted. */
const DELETE_DONE_STATEMENT = {
  name: 'quotes_delete_done',
  text: `DELETE FROM quote_requests WHERE id = $1 AND requester_id = $2 AND status IN ('completed', 'cancelled') RETURNING id`,
};
type ResponsesRow = Pick<QuoteRequest, 'fuelType' | 'fuelAmount'> & QuoteResponse & Pick<QuoteInvitation, 'fbo'>;

type DetailsRow = DetailsRequest & {
  invitations: (Omit<DetailsInvitation, 'respondedAt'> & { respondedAt: string | null })[];
};

/** A timestamptz column as Date.prototype.toISOString() writes it (UTC, milliseconds), or null. */
const isoMillis = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The opaque `?cursor=` of the page after a row: its created_at (microseconds) and id, base64url. */
export function encodeListCursor(raw: string): string {
  return Buffer.from(raw, 'utf8').toString('base64url');
}

/** The row a `?cursor=` names, or null when it is not one this service wrote. */
export function decodeListCursor(cursor: string): { createdAt: string; id: string } | null {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const m =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      raw,
    );
  return m && !Number.isNaN(Date.parse(m[1])) ? { createdAt: m[1], id: m[2] } : null;
}

/** A new request's columns (the others take their defaults: status `pending`, no responses, created now). */
type NewQuoteRequest = Omit<QuoteRequest, 'status' | 'responseCount' | 'cancelledAt' | 'createdAt' | 'updatedAt'>;
/** A new invitation's columns (status `open`, created now); its request is the new request. */
type NewInvitation = Pick<
  QuoteInvitation,
  'id' | 'fboId' | 'position' | 'fbo' | 'fboEmail' | 'tokenHash' | 'linkNonce'
>;

/**
 * A new request in one statement (it took three round trips): the request, its invitations (one per selected FBO,
 * from parallel arrays) and `quote-submitted` in the outbox (Outbox.envelope). A taken quote ID fails it whole
 * (quote_requests_unique_id_key), and create tries another.
 */
const INSERT_REQUEST = `
  WITH request AS (
    INSERT INTO quote_requests (id, unique_id, requester_id, source, requester, aircraft_id, aircraft, airport_id, airport,
                                origin_airport_id, origin_airport, arrival_date, departure_date, fuel_type, fuel_amount, units,
                                services, notes, email_each_response, email_all_responded, total_fbos_count)
    VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9::jsonb, $10, $11::jsonb, $12, $13, $14, $15, $16, $17::jsonb, $18,
            $19, $20, $21)),
  invitations AS (
    INSERT INTO quote_invitations (id, quote_request_id, fbo_id, position, fbo, fbo_email, token_hash, link_nonce)
    SELECT i.id, $1, i.fbo_id, i.position, i.fbo, i.fbo_email, i.token_hash, i.link_nonce
      FROM unnest($22::uuid[], $23::uuid[], $24::int[], $25::jsonb[], $26::text[], $27::text[], $28::text[])
           AS i(id, fbo_id, position, fbo, fbo_email, token_hash, link_nonce)),
  event AS (${outboxInsert(29)})
  SELECT 1`;

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

/** The pilot's side: create, list, read, delete, cancel, notification preferences (spec sections 2-5, 7). */
@Injectable()
export class QuoteRequestsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly neighbours: NeighboursService,
    private readonly limits: QuoteLimits,
    private readonly links: QuoteLinks,
    private readonly versions: ListVersionCache,
    @Inject(SERVICE_CONFIG) config: Pick<QuotesConfig, 'MY_QUOTES_CACHE_MB'>,
  ) {
    this.listCache = new MyQuotesListCache(config.MY_QUOTES_CACHE_MB * 1024 * 1024);
  }

  /** My Quotes pages built by this replica (see myQuotes), MY_QUOTES_CACHE_MB of them. */
  private readonly listCache: MyQuotesListCache;

  // Create -------------------------------------------------------------------------------------------------

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
    const event = this.outbox.envelope(EventTypes.quoteSubmitted, data);
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    await manager.query(INSERT_REQUEST, [
      request.id,
      request.uniqueId,
      request.requesterId,
      request.source,
      json(request.requester),
      request.aircraftId,
      json(request.aircraft),
      request.airportId,
      json(request.airport),
      request.originAirportId,
      json(request.originAirport),
      request.arrivalDate,
      request.departureDate,
      request.fuelType,
      request.fuelAmount,
      request.units,
      json(request.services),
      request.notes,
      request.emailEachResponse,
      request.emailAllResponded,
      request.totalFbosCount,
      invitations.map((i) => i.id),
      invitations.map((i) => i.fboId),
      invitations.map((i) => i.position),
      invitations.map((i) => JSON.stringify(i.fbo)),
      invitations.map((i) => i.fboEmail),
      invitations.map((i) => i.tokenHash),
      invitations.map((i) => i.linkNonce),
      ...event.values,
    ]);
    this.outbox.recorded(manager, event.envelope);
    return { id, uniqueId };
  }

  // Read ---------------------------------------------------------------------------------------------------

  /**
   * The user's My Quotes list version: bumped by a trigger with every insert, update and delete of one of their
   * requests, in the same transaction. It makes the list's validator (an unchanged list is answered 304) and the key
   * of the replica's built pages. One primary-key read, kept by ListVersionCache until the database announces it moved.
   */
  listVersion(user: User): Promise<string> {
    return this.versions.read(
      user.id,
      async () =>
        (await preparedQuery<{ version: string }>(this.dataSource, LIST_VERSION_STATEMENT, [user.id]))[0]?.version ??
        '0',
    );
  }

  /** The list's weak ETag. It names the user too: a browser keys its cache by URL, and two users who signed in one
   * after the other in it must never share a tag. */
  listTag(user: User, version: string): string {
    const who = createHash('sha256').update(user.id).digest('base64url').slice(0, 12);
    return `W/"ql1-${who}-${version}"`;
  }

  /**
   * A My Quotes page of the list at `version` (just read with listVersion): built once per replica and version, then
   * answered from memory with its gzip (MyQuotesListCache). A miss builds the page and reads the version in the same
   * statement, so the page is filed under the version it really is (a change in between gives the newer one).
   */
  async myQuotes(
    user: User,
    version: string,
    page: MyQuotesPage = {},
  ): Promise<{ version: string; key: string; entry: CachedListPage }> {
    const cursor = page.after ? `${page.after.createdAt}|${page.after.id}` : undefined;
    const key = MyQuotesListCache.key(user.id, version, page.limit, cursor);
    const hit = this.listCache.get(key);
    if (hit) return { version, key, entry: hit };
    const built = await this.list(user, page);
    const builtKey = MyQuotesListCache.key(user.id, built.version, page.limit, cursor);
    return { version: built.version, key: builtKey, entry: this.listCache.set(builtKey, built.json, built.next) };
  }

  /** The page's gzip (made once per cached page). */
  myQuotesGzip(key: string, entry: CachedListPage): Promise<Buffer> {
    return this.listCache.gzipOf(key, entry);
  }

  /**
   * My Quotes: the user's requests, newest first (the id breaks ties), as the JSON text of the list
   * (QuoteRequestListItemDto[]), with the list version it shows. PostgreSQL builds the JSON from the list's columns
   * only (two fields of each airport snapshot, never the others), on quote_requests_requester_list_idx; no row becomes
   * a JavaScript object (1,000 rows: ~2.5 ms of the service's CPU instead of ~12 ms for pg's row parsing, Date objects
   * and JSON.stringify). `page.limit`: at most that many rows after `page.after` (a cursor), and the cursor of the
   * next page when there is one.
   */
  async list(user: User, page: MyQuotesPage = {}): Promise<{ json: string; next: string | null; version: string }> {
    const limit = page.limit ?? ALL_ROWS; // one row more is read: it tells whether a next page exists
    // Compact JSON, byte for byte what JSON.stringify made of the rows before: row_to_json of a row with the DTO's
    // column names (json_agg and json_build_object would add spaces and line breaks).
    const [row]: { body: string; next: string | null; version: string | null }[] = await this.dataSource.query(
      `SELECT coalesce('[' || string_agg(row_to_json(p.item)::text, ',' ORDER BY p.n) FILTER (WHERE p.n <= $4) || ']', '[]') AS body,
              CASE WHEN count(*) > $4 THEN max(p.cursor) FILTER (WHERE p.n = $4) END AS next,
              (SELECT v.version::text FROM quote_request_list_versions v WHERE v.requester_id = $1) AS version
         FROM (
           SELECT row_number() OVER (ORDER BY q.created_at DESC, q.id DESC) AS n,
                  to_char(q.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || q.id AS cursor,
                  i AS item
             FROM quote_requests q
             CROSS JOIN LATERAL (
               SELECT q.id, q.unique_id AS "uniqueId", q.status,
                      ${isoMillis('q.created_at')} AS "createdAt",
                      ${isoMillis('q.arrival_date')} AS "arrivalDate",
                      ${isoMillis('q.departure_date')} AS "departureDate",
                      (SELECT a FROM (SELECT q.airport->>'identifier' AS identifier, q.airport->>'name' AS name) a) AS airport,
                      CASE WHEN q.origin_airport->>'identifier' IS NULL THEN NULL
                           ELSE (SELECT o FROM (SELECT q.origin_airport->>'identifier' AS identifier, coalesce(q.origin_airport->>'name', '') AS name) o) END AS "originAirport",
                      q.response_count AS "responseCount",
                      q.total_fbos_count AS "totalFbosCount"
             ) i
            WHERE q.requester_id = $1
              AND ($2::timestamptz IS NULL OR (q.created_at, q.id) < ($2::timestamptz, $3::uuid))
            ORDER BY q.created_at DESC, q.id DESC
            LIMIT $4 + 1
         ) p`,
      [user.id, page.after?.createdAt ?? null, page.after?.id ?? null, limit],
    );
    return { json: row.body, next: row.next ? encodeListCursor(row.next) : null, version: row.version ?? '0' };
  }

  private owned(
    user: User,
    id: string,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<QuoteRequest> {
    return findOwnedRequest(manager, user.id, id, lock);
  }

  async details(user: User, id: string): Promise<QuoteRequestDetailsDto> {
    const [row] = await readOwnedRequest<DetailsRow>(this.dataSource, DETAILS_STATEMENT, user.id, id);
    const invitations = row.invitations.map((i) => ({
      ...i,
      respondedAt: i.respondedAt === null ? null : new Date(i.respondedAt),
    }));
    return toDetails(row, invitations);
  }

  async responses(
    user: User,
    id: string,
    view: 'details' | 'results',
  ): Promise<QuoteResponseDetailsDto[] | QuoteResponseResultDto[]> {
    const rows = await readOwnedRequest<ResponsesRow>(this.dataSource, RESPONSES_STATEMENT, user.id, id);
    const [request] = rows;
    const responses = rows.filter((r) => r.id !== null);
    const now = new Date();
    return view === 'results'
      ? responses.map((r) => toResponseResult(r, r.fbo, now))
      : responses.map((r) => toResponseDetails(r, r.fbo, request, now));
  }

  // Change -------------------------------------------------------------------------------------------------

  /** Only a complete (or cancelled) request may be deleted (the UI's rule); an open one answers 409. */
  async remove(user: User, id: string): Promise<DeleteQuoteRequestResponse> {
    if (!isUuid(id)) throw requestNotFound();
    // One statement deletes it when it may go (its invitations, answers and events go with it: ON DELETE CASCADE).
    const deleted = (await preparedQuery(this.dataSource, DELETE_DONE_STATEMENT, [id, user.id])).length > 0;
    this.versions.forget(user.id);
    if (deleted) return { deleted: id };
    // Nothing deleted: missing or another user's (404), else not complete (409).
    await this.owned(user, id);
    throw new ConflictException({ error: QuoteRequestMessages.deleteNotComplete });
  }

  async updateNotifications(
    user: User,
    id: string,
    input: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.dataSource
      .transaction(async (manager) => {
        const request = await this.owned(user, id, manager, true);
        const next = {
          emailEachResponse: input.emailEachResponse ?? request.emailEachResponse,
          emailAllResponded: input.emailAllResponded ?? request.emailAllResponded,
        };
        await manager.update(QuoteRequest, { id }, next);
        return next;
      })
      .finally(() => this.versions.forget(user.id));
  }

  /**
   * The pilot withdraws an open request: status `cancelled`, the invitations not yet answered become `withdrawn`
   * (their links say so), and `quote-cancelled` makes the e-mail consumer tell those FBOs.
   */
  async cancel(user: User, id: string): Promise<CancelQuoteRequestResponse> {
    return this.dataSource
      .transaction<CancelQuoteRequestResponse>(async (manager) => {
        const request = await this.owned(user, id, manager, true);
        if (request.status === 'cancelled')
          throw new ConflictException({ error: QuoteRequestMessages.alreadyCancelled });
        if (request.status === 'completed') throw new ConflictException({ error: QuoteRequestMessages.cancelNotOpen });
        const cancelledAt = new Date();
        const withdrawn = await manager.find(QuoteInvitation, {
          where: { quoteRequestId: id, status: 'open' },
          order: { position: 'ASC' },
        });
        if (withdrawn.length)
          await manager.update(QuoteInvitation, { id: In(withdrawn.map((w) => w.id)) }, { status: 'withdrawn' });
        await manager.update(QuoteRequest, { id }, { status: 'cancelled', cancelledAt });
        const counts = {
          quoteRequestId: id,
          status: 'cancelled' as const,
          responseCount: request.responseCount,
          totalFbosCount: request.totalFbosCount,
        };
        await appendStreamEvents(manager, id, [
          { type: QuoteStreamEvents.statusChanged, data: { ...counts, previousStatus: request.status } },
          { type: QuoteStreamEvents.cancelled, data: { ...counts, cancelledAt: cancelledAt.toISOString() } },
        ]);
        const data: QuoteCancelledData = {
          quoteRequestId: id,
          uniqueId: request.uniqueId,
          requesterId: user.id,
          cancelledAt: cancelledAt.toISOString(),
          withdrawnInvitationIds: withdrawn.map((w) => w.id),
        };
        await this.outbox.add(manager, EventTypes.quoteCancelled, data);
        return {
          id,
          status: 'cancelled',
          cancelledAt: cancelledAt.toISOString(),
          withdrawnFboIds: withdrawn.map((w) => w.fboId),
        };
      })
      .finally(() => this.versions.forget(user.id));
  }
}
