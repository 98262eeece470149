import { randomUUID } from 'node:crypto';
import { ConflictException, ForbiddenException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
  type AmendedField,
  type EstimateAnswerResponse,
  type EstimatePageDataDto,
  type EstimatePageState,
  type FboInboxResponse,
  type FboInboxRowDto,
  type FboRespondedData,
  type QuoteAirportDto,
  type QuoteRequestStatus,
} from '@rampquote/contracts';
import { Outbox, outboxInsert, preparedQuery } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { encodeListCursor, listCursorColumn } from '../shared/list-cursor';
import { ListVersionCache } from '../shared/list-version-cache';
import { invalidRequest, parseBody } from '../shared/parse-body';
import type { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteLinks } from '../shared/quote-links';
import type { QuoteRequest } from '../quote-requests/quote-request.entity';
import { QuoteResponse } from './quote-response.entity';
import {
  QUOTE_EVENTS_CHANNEL,
  streamEventsInsert,
  streamEventsValues,
  type StreamEvent,
} from '../shared/request-stream';
import {
  pricePerGallonCents,
  toResponseDetails,
  toFees,
  toStoredFees,
  toStoredServices,
  toSubmittedServices,
  visitIsOver,
} from '../shared/quote-views';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = () => new NotFoundException({ error: FboQuoteMessages.notFound });

/** How the FBO reached the invitation: its link, or a signed-in member of the invited FBO (inbox). */
export type InvitationRef =
  { kind: 'link'; fboId: string; token: string } | { kind: 'account'; fboIds: readonly string[]; invitationId: string };

type Answer = { kind: 'submitted'; body: unknown } | { kind: 'declined'; body: unknown };

/** How an invitation is looked up: by its link's token hash, or by its id among the FBOs the user belongs to. */
type InvitationLookup = { tokenHash: string } | { id: string; fboIds: string[] };

/**
 * The estimate page's read (the FBO opens its link, and reopens it): the invitation, its request and its answer if
 * any, in one prepared statement instead of three TypeORM queries. Columns are named as the entities' properties
 * (numeric as float8, as the entities' transformers give them); the answer's columns are null before it answers.
 */
const PAGE_SELECT = `
  SELECT i.id AS "invitationId", i.fbo_id AS "fboId", i.status AS "invitationStatus", i.fbo,
         q.id, q.unique_id AS "uniqueId", q.services, q.fuel_amount::float8 AS "fuelAmount", q.fuel_type AS "fuelType",
         q.arrival_date AS "arrivalDate", q.departure_date AS "departureDate", q.notes, q.requester, q.aircraft,
         q.airport, q.origin_airport AS "originAirport", q.status AS "requestStatus",
         q.booking_fbo_id AS "bookingFboId", q.booking_declined_fbo_ids AS "bookingDeclinedFboIds",
         r.kind AS "responseKind", r.services_quoted AS "servicesQuoted", r.total_price_cents::float8 AS "totalPriceCents",
         r.notes AS "responseNotes", r.valid_until AS "validUntil", r.created_at AS "answeredAt",
         r.decline_reason AS "declineReason", r.decline_text AS "declineText",
         q.version AS "requestVersion", r.request_version AS "responseVersion",
         v.changes AS "amendmentChanges", v.changed_at AS "amendedAt"
    FROM quote_invitations i
    JOIN quote_requests q ON q.id = i.quote_request_id
    LEFT JOIN quote_responses r ON r.invitation_id = i.id
    LEFT JOIN quote_request_versions v ON v.quote_request_id = q.id AND v.version = q.version`;
const PAGE_BY_LINK = { name: 'quotes_fbo_page_by_link', text: `${PAGE_SELECT} WHERE i.token_hash = $1` };
const PAGE_BY_ACCOUNT = {
  name: 'quotes_fbo_page_by_member',
  text: `${PAGE_SELECT} WHERE i.id = $1 AND i.fbo_id = ANY($2::uuid[])`,
};
type PageRow = Pick<QuoteInvitation, 'fboId' | 'fbo'> &
  Pick<
    QuoteRequest,
    | 'id'
    | 'uniqueId'
    | 'services'
    | 'fuelAmount'
    | 'fuelType'
    | 'arrivalDate'
    | 'departureDate'
    | 'notes'
    | 'requester'
    | 'aircraft'
    | 'airport'
    | 'originAirport'
  > &
  Pick<QuoteResponse, 'servicesQuoted' | 'totalPriceCents' | 'validUntil' | 'declineReason' | 'declineText'> & {
    invitationId: string;
    invitationStatus: QuoteInvitation['status'];
    responseKind: QuoteResponse['kind'] | null;
    responseNotes: string | null;
    answeredAt: Date | null;
    requestStatus: QuoteRequest['status'];
    bookingFboId: string | null;
    bookingDeclinedFboIds: string[] | null;
    requestVersion: number;
    responseVersion: number | null;
    /** The latest amendment's; null before any. */
    amendmentChanges: AmendedField[] | null;
    amendedAt: Date | null;
  };

/** The pilot's booking as the invited FBO sees it (its link page). */
function bookingFor(row: PageRow): EstimatePageDataDto['booking'] {
  if (row.bookingFboId === row.fboId) return { state: row.requestStatus === 'booked' ? 'confirmed' : 'requested' };
  if (row.bookingDeclinedFboIds?.includes(row.fboId)) return { state: 'declined' };
  if (row.requestStatus === 'booked' && row.responseKind === 'submitted') return { state: 'other' };
  return null;
}

/**
 * An answer's read: the invitation and its request, both locked, in one statement (it took three: find, lock the
 * request, read the invitation again). The request is locked first (`FOR UPDATE OF q, i` locks in that order), as
 * every writer of a request's invitations takes them (cancel, delete): no deadlock. Under READ COMMITTED a row
 * that changed while this waited is read again at its newest version, so the invitation's status is the current one.
 */
const ANSWER_SELECT = `
  SELECT i.id AS "invitationId", i.fbo_id AS "fboId", i.status AS "invitationStatus", i.fbo,
         q.id, q.unique_id AS "uniqueId", q.requester_id AS "requesterId", q.status, q.services,
         q.fuel_amount::float8 AS "fuelAmount", q.fuel_type AS "fuelType", q.arrival_date AS "arrivalDate",
         q.departure_date AS "departureDate", q.response_count AS "responseCount", q.total_fbos_count AS "totalFbosCount",
         q.version
    FROM quote_requests q
    JOIN quote_invitations i ON i.quote_request_id = q.id`;
const ANSWER_BY_LINK = `${ANSWER_SELECT} WHERE i.token_hash = $1 FOR UPDATE OF q, i`;
const ANSWER_BY_ACCOUNT = `${ANSWER_SELECT} WHERE i.id = $1 AND i.fbo_id = ANY($2::uuid[]) FOR UPDATE OF q, i`;
type AnswerRequest = Pick<
  QuoteRequest,
  | 'id'
  | 'uniqueId'
  | 'requesterId'
  | 'status'
  | 'services'
  | 'fuelAmount'
  | 'fuelType'
  | 'arrivalDate'
  | 'departureDate'
  | 'responseCount'
  | 'totalFbosCount'
  | 'version'
>;
type AnsweredInvitation = Pick<QuoteInvitation, 'id' | 'fboId'>;
type AnswerRow = AnswerRequest &
  Pick<QuoteInvitation, 'fboId' | 'fbo'> & { invitationId: string; invitationStatus: QuoteInvitation['status'] };

/**
 * An answer's writes in one statement (they took six round trips): the response, the invitation's new status, the
 * request's counts (its `updated_at` moved on, as TypeORM's update does), its live-stream events with the NOTIFY
 * that wakes every replica's streams (appendStreamEvents) and `fbo-responded` in the outbox (Outbox.envelope).
 */
const STORE_ANSWER = `
  WITH answer AS (
    INSERT INTO quote_responses (id, quote_request_id, invitation_id, fbo_id, kind, total_price_cents, price_per_gallon_cents,
                                 services_quoted, notes, decline_reason, decline_text, valid_until, created_at,
                                 request_version)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $24)
    -- An estimate for an earlier version of an amended request is replaced by the FBO's answer to the current one.
    ON CONFLICT (invitation_id) DO UPDATE SET
      id = EXCLUDED.id, kind = EXCLUDED.kind, total_price_cents = EXCLUDED.total_price_cents,
      price_per_gallon_cents = EXCLUDED.price_per_gallon_cents, services_quoted = EXCLUDED.services_quoted,
      notes = EXCLUDED.notes, decline_reason = EXCLUDED.decline_reason, decline_text = EXCLUDED.decline_text,
      valid_until = EXCLUDED.valid_until, created_at = EXCLUDED.created_at, request_version = EXCLUDED.request_version),
  invitation AS (UPDATE quote_invitations SET status = $5, responded_at = $13 WHERE id = $3),
  request AS (UPDATE quote_requests SET response_count = $14, status = $15, updated_at = now() WHERE id = $2),
  stream AS (${streamEventsInsert(16)}),
  event AS (${outboxInsert(19)})
  SELECT pg_notify($23, $2::text)`;

/** A row of the inbox's read. */
interface InboxRow {
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
  /** The latest amendment's time; null before any. */
  amended_at: Date | null;
  estimate_for_earlier_version: boolean;
}

/** A page of the inbox: at most `limit` rows, older than the row `before` (decoded from a cursor). */
export interface FboInboxPage {
  limit: number;
  before?: { createdAt: string; id: string };
}

const pageAirport = (a: QuoteAirportDto) => ({ identifier: a.identifier, name: a.name, city: a.city, state: a.state });

/**
 * The FBO's side (spec sections 2, 3, 5, 8, with the decline and the inbox): the estimate page data, the estimate and the decline,
 * by link (the token is the credential) or from the inbox of a signed-in member of the invited FBO. An answer, its status change,
 * its stream events and `fbo-responded` are written in one transaction holding the request row.
 */
@Injectable()
export class FboQuotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly versions: ListVersionCache,
  ) {}

  // Finding the invitation ---------------------------------------------------------------------------------

  /** The lookup a reference makes; 404 for a malformed token or id. */
  private lookup(ref: InvitationRef): InvitationLookup {
    if (ref.kind === 'link') {
      if (!QuoteLinks.looksLikeToken(ref.token) || !isUuid(ref.fboId)) throw NOT_FOUND();
      return { tokenHash: QuoteLinks.hash(ref.token) };
    }
    if (!isUuid(ref.invitationId)) throw NOT_FOUND();
    return { id: ref.invitationId, fboIds: [...ref.fboIds] };
  }

  /** The invitation found for a reference: 404 when none, 403 when the link's FBO is not the invited one. */
  private checkFound<T extends { fboId: string }>(ref: InvitationRef, found: T | null | undefined): T {
    if (!found) throw NOT_FOUND();
    if (ref.kind === 'link' && found.fboId !== ref.fboId.toLowerCase())
      throw new ForbiddenException({ error: FboQuoteMessages.forbidden });
    return found;
  }

  private state(
    status: QuoteInvitation['status'],
    request: Pick<QuoteRequest, 'arrivalDate' | 'departureDate'>,
    now = new Date(),
  ): EstimatePageState {
    if (status === 'open' && visitIsOver(request, now)) return 'expired';
    return status;
  }

  // The page -----------------------------------------------------------------------------------------------

  async page(ref: InvitationRef): Promise<EstimatePageDataDto> {
    const lookup = this.lookup(ref);
    const [found] =
      'tokenHash' in lookup
        ? await preparedQuery<PageRow>(this.dataSource, PAGE_BY_LINK, [lookup.tokenHash])
        : await preparedQuery<PageRow>(this.dataSource, PAGE_BY_ACCOUNT, [lookup.id, lookup.fboIds]);
    const row = this.checkFound(ref, found);
    const services = toEstimatePageServices(row.services);
    const r = row.requester;
    return {
      state: this.state(row.invitationStatus, row),
      invitationId: row.invitationId,
      quoteRequest: {
        id: row.id,
        uniqueId: row.uniqueId,
        services: { ...services, fuelEstimatedAmount: row.fuelAmount },
        fuelAmount: row.fuelAmount,
        fuelType: row.fuelType,
        arrivalDate: row.arrivalDate?.toISOString() ?? null,
        departureDate: row.departureDate?.toISOString() ?? null,
        notes: row.notes,
      },
      user: {
        companyName: r.companyName,
        firstName: r.firstName,
        lastName: r.lastName,
        jobTitle: r.jobTitle,
        phoneNumber: r.phoneNumber,
        email: r.email,
      },
      aircraft: row.aircraft
        ? { tailNumber: row.aircraft.tailNumber, make: row.aircraft.make, model: row.aircraft.model }
        : null,
      airport: pageAirport(row.airport),
      departureAirport: row.originAirport ? pageAirport(row.originAirport) : null,
      fbo: { id: row.fboId, name: row.fbo.name },
      requestedKeys: requestedEstimateKeys(services),
      defaultValidUntil: new Date(Date.now() + ESTIMATE_DEFAULT_VALID_DAYS * DAY_MS).toISOString(),
      estimate:
        row.responseKind === 'submitted' && row.servicesQuoted
          ? {
              totalPrice: (row.totalPriceCents ?? 0) / 100,
              servicesQuoted: toSubmittedServices(row.servicesQuoted),
              notes: row.responseNotes,
              fees: toFees(row.servicesQuoted),
              validUntil: row.validUntil!.toISOString(),
              submittedAt: row.answeredAt!.toISOString(),
              forEarlierVersion: (row.responseVersion ?? row.requestVersion) < row.requestVersion,
            }
          : null,
      booking: bookingFor(row),
      amendment:
        row.amendmentChanges && row.amendedAt
          ? { version: row.requestVersion, amendedAt: row.amendedAt.toISOString(), changes: row.amendmentChanges }
          : null,
      declined:
        row.responseKind === 'declined' && row.declineReason
          ? { reason: row.declineReason, text: row.declineText, declinedAt: row.answeredAt!.toISOString() }
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
    const lookup = this.lookup(ref);
    // The requester whose My Quotes the answer changes: their list version is read again once the answer is over.
    let requesterId: string | undefined;
    return this.dataSource
      .transaction(async (manager) => {
        const [found]: AnswerRow[] =
          'tokenHash' in lookup
            ? await manager.query(ANSWER_BY_LINK, [lookup.tokenHash])
            : await manager.query(ANSWER_BY_ACCOUNT, [lookup.id, lookup.fboIds]);
        const { invitationId, fboId, fbo, invitationStatus, ...request } = this.checkFound(ref, found);
        requesterId = request.requesterId;
        const invitation: AnsweredInvitation = { id: invitationId, fboId };
        const now = new Date();
        switch (this.state(invitationStatus, request, now)) {
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
        const response =
          answer.kind === 'submitted'
            ? this.estimate(answer.body, request, invitation, now)
            : this.declineOf(answer.body, request, invitation, now);
        const responseCount = request.responseCount + 1;
        // A late answer leaves a booking as it is.
        const status: QuoteRequestStatus =
          request.status === 'booked-pending' || request.status === 'booked'
            ? request.status
            : responseCount >= request.totalFbosCount
              ? 'completed'
              : 'responses_received';
        const counts = { quoteRequestId: request.id, status, responseCount, totalFbosCount: request.totalFbosCount };
        const changes: StreamEvent[] = [
          {
            type: QuoteStreamEvents.responseReceived,
            data: { ...counts, response: toResponseDetails(response, fbo, request, now) },
          },
        ];
        if (status !== request.status)
          changes.push({ type: QuoteStreamEvents.statusChanged, data: { ...counts, previousStatus: request.status } });
        const data: FboRespondedData = {
          quoteRequestId: request.id,
          uniqueId: request.uniqueId,
          requesterId: request.requesterId,
          invitationId: invitation.id,
          responseId: response.id,
          fboId,
          fboName: fbo.name,
          kind: answer.kind,
          totalPriceCents: response.totalPriceCents,
          responseCount,
          totalFbosCount: request.totalFbosCount,
          status,
        };
        const event = this.outbox.envelope(EventTypes.fboResponded, data);
        await manager.query(STORE_ANSWER, [
          response.id,
          request.id,
          invitation.id,
          invitation.fboId,
          response.kind,
          response.totalPriceCents,
          response.pricePerGallonCents,
          response.servicesQuoted === null ? null : JSON.stringify(response.servicesQuoted),
          response.notes,
          response.declineReason,
          response.declineText,
          response.validUntil,
          response.createdAt,
          responseCount,
          status,
          ...streamEventsValues(request.id, changes),
          ...event.values,
          QUOTE_EVENTS_CHANNEL,
          response.requestVersion,
        ]);
        this.outbox.recorded(manager, event.envelope);
        return {
          state: answer.kind,
          quoteRequestId: request.id,
          respondedAt: now.toISOString(),
          ...(answer.kind === 'submitted'
            ? { totalPrice: response.totalPriceCents! / 100, validUntil: response.validUntil!.toISOString() }
            : {}),
        };
      })
      .finally(() => requesterId && this.versions.forget(requesterId));
  }

  private estimate(
    body: unknown,
    request: Pick<QuoteRequest, 'id' | 'services' | 'version'>,
    invitation: AnsweredInvitation,
    now: Date,
  ): QuoteResponse {
    const input = parseBody(submitEstimateSchema, body);
    const requested = new Set<string>(requestedEstimateKeys(toEstimatePageServices(request.services)));
    const outside = ESTIMATE_SERVICE_KEYS.filter((key) => {
      const line = input.servicesQuoted[key];
      return line && !requested.has(key) && (line.unavailable || (line.price ?? 0) > 0);
    });
    if (outside.length)
      throw invalidRequest(
        outside.map((key) => ({ field: `servicesQuoted.${key}`, message: FboQuoteMessages.notRequested(key) })),
      );
    let validUntil = new Date(now.getTime() + ESTIMATE_DEFAULT_VALID_DAYS * DAY_MS);
    if (input.validUntil) {
      const given = new Date(
        /^\d{4}-\d{2}-\d{2}$/.test(input.validUntil) ? `${input.validUntil}T23:59:59.999Z` : input.validUntil,
      );
      if (given.getTime() <= now.getTime())
        throw invalidRequest([{ field: 'validUntil', message: FboQuoteMessages.validUntil }]);
      if (given.getTime() > now.getTime() + ESTIMATE_MAX_VALID_DAYS * DAY_MS)
        throw invalidRequest([{ field: 'validUntil', message: FboQuoteMessages.validUntilTooFar }]);
      validUntil = given;
    }
    const servicesQuoted = { ...toStoredServices(input.servicesQuoted), fees: toStoredFees(input.fees) };
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
      requestVersion: request.version,
    });
  }

  private declineOf(
    body: unknown,
    request: Pick<QuoteRequest, 'id' | 'version'>,
    invitation: AnsweredInvitation,
    now: Date,
  ): QuoteResponse {
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
      requestVersion: request.version,
    });
  }

  // The inbox ----------------------------------------------------------------------------------------------

  /**
   * One page of the invitations sent to these FBOs, newest first (the id breaks ties), from the row `page.before`
   * on; `nextCursor` names the page after it. Each FBO's rows are read from quote_invitations_fbo_page_idx on their
   * own (at most limit + 1 each), so a member of several FBOs reads no more than a member of one.
   */
  async inbox(fboIds: readonly string[], page: FboInboxPage): Promise<FboInboxResponse> {
    if (!fboIds.length) return { requests: [], nextCursor: null };
    const rows: (InboxRow & { cursor: string })[] = await this.dataSource.query(
      `WITH page AS (
         SELECT p.id, p.created_at
           FROM unnest($1::uuid[]) AS f(fbo_id)
           CROSS JOIN LATERAL (
             SELECT i.id, i.created_at
               FROM quote_invitations i
              WHERE i.fbo_id = f.fbo_id
                AND ($2::timestamptz IS NULL OR (i.created_at, i.id) < ($2::timestamptz, $3::uuid))
              ORDER BY i.created_at DESC, i.id DESC
              LIMIT $4 + 1
           ) p
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT $4 + 1)
       SELECT i.id, i.quote_request_id, i.status, i.created_at, i.responded_at, i.fbo,
              r.unique_id, r.airport, r.origin_airport, r.arrival_date, r.departure_date, r.requester, r.aircraft,
              r.services, r.units, v.changed_at AS amended_at,
              coalesce(a.kind = 'submitted' AND a.request_version < r.version, false) AS estimate_for_earlier_version,
              ${listCursorColumn('i.created_at', 'i.id')} AS cursor
         FROM page
         JOIN quote_invitations i ON i.id = page.id
         JOIN quote_requests r ON r.id = i.quote_request_id
         LEFT JOIN quote_responses a ON a.invitation_id = i.id
         LEFT JOIN quote_request_versions v ON v.quote_request_id = r.id AND v.version = r.version
        ORDER BY i.created_at DESC, i.id DESC`,
      [[...new Set(fboIds)], page.before?.createdAt ?? null, page.before?.id ?? null, page.limit],
    );
    const nextCursor = rows.length > page.limit ? encodeListCursor(rows[page.limit - 1].cursor) : null;
    return { requests: this.inboxRows(rows.slice(0, page.limit)), nextCursor };
  }

  private inboxRows(rows: InboxRow[]): FboInboxRowDto[] {
    const now = new Date();
    return rows.map((row) => {
      const state =
        row.status === 'submitted'
          ? 'answered'
          : row.status === 'open' &&
              visitIsOver({ arrivalDate: row.arrival_date, departureDate: row.departure_date }, now)
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
        departureAirport: row.origin_airport
          ? { identifier: row.origin_airport.identifier, name: row.origin_airport.name }
          : null,
        arrivalDate: row.arrival_date?.toISOString() ?? null,
        departureDate: row.departure_date?.toISOString() ?? null,
        requester: { name, companyName: row.requester.companyName },
        aircraft: row.aircraft
          ? { tailNumber: row.aircraft.tailNumber, make: row.aircraft.make, model: row.aircraft.model }
          : null,
        requestedServices: requestedServiceLabels(row.services, row.units),
        amendedAt: row.amended_at?.toISOString() ?? null,
        estimateForEarlierVersion: row.estimate_for_earlier_version,
      };
    });
  }
}
