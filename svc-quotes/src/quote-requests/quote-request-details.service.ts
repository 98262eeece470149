import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  InternalIdentity,
  QuoteRequestDetailsDto,
  QuoteResponseDetailsDto,
  QuoteResponseResultDto,
} from '@rampquote/contracts';
import type { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { readOwnedRequest } from '../shared/owned-request';
import {
  toDetails,
  toResponseDetails,
  toResponseResult,
  type DetailsInvitation,
  type DetailsRequest,
} from '../shared/quote-views';
import type { QuoteInvitation } from './quote-invitation.entity';
import type { QuoteRequest } from './quote-request.entity';

type User = NonNullable<InternalIdentity['user']>;

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
         q.total_fbos_count AS "totalFbosCount", q.response_count AS "responseCount", q.version,
         coalesce((SELECT json_agg(json_build_object('version', v.version, 'changes', v.changes,
                                                     'changedBy', json_build_object('id', v.changed_by, 'name', v.changed_by_name),
                                                     'changedAt', v.changed_at) ORDER BY v.version)
                     FROM quote_request_versions v
                    WHERE v.quote_request_id = q.id), '[]') AS versions,
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
  SELECT q.fuel_type AS "fuelType", q.fuel_amount::float8 AS "fuelAmount", q.version AS "currentVersion",
         r.id, r.request_version AS "requestVersion", r.quote_request_id AS "quoteRequestId", r.invitation_id AS "invitationId", r.fbo_id AS "fboId", r.kind,
         r.total_price_cents::float8 AS "totalPriceCents", r.price_per_gallon_cents::float8 AS "pricePerGallonCents",
         r.services_quoted AS "servicesQuoted", r.notes, r.decline_reason AS "declineReason", r.decline_text AS "declineText",
         r.valid_until AS "validUntil", r.created_at AS "createdAt", i.fbo
    FROM quote_requests q
    LEFT JOIN quote_responses r ON r.quote_request_id = q.id
    LEFT JOIN quote_invitations i ON i.id = r.invitation_id
   WHERE q.id = $1 AND q.requester_id = $2
   ORDER BY r.created_at ASC, r.id ASC`,
};
type ResponsesRow = Pick<QuoteRequest, 'fuelType' | 'fuelAmount'> &
  QuoteResponse &
  Pick<QuoteInvitation, 'fbo'> & { currentVersion: number };

type DetailsRow = DetailsRequest & {
  invitations: (Omit<DetailsInvitation, 'respondedAt'> & { respondedAt: string | null })[];
  versions: QuoteRequestDetailsDto['versions'];
};

/** A request's details page and its answers (spec sections 4-5), for its requester only. */
@Injectable()
export class QuoteRequestDetailsService {
  constructor(private readonly dataSource: DataSource) {}

  async details(user: User, id: string): Promise<QuoteRequestDetailsDto> {
    const [row] = await readOwnedRequest<DetailsRow>(this.dataSource, DETAILS_STATEMENT, user.id, id);
    const invitations = row.invitations.map((i) => ({
      ...i,
      respondedAt: i.respondedAt === null ? null : new Date(i.respondedAt),
    }));
    // json_build_object writes timestamptz without the 'Z' form the other dates use.
    const versions = row.versions.map((v) => ({ ...v, changedAt: new Date(v.changedAt).toISOString() }));
    return toDetails(row, invitations, versions);
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
    const current = { fuelType: request.fuelType, fuelAmount: request.fuelAmount, version: request.currentVersion };
    return view === 'results'
      ? responses.map((r) => toResponseResult(r, r.fbo, current, now))
      : responses.map((r) => toResponseDetails(r, r.fbo, current, now));
  }
}
