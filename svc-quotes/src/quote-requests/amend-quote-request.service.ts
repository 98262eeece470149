import { ConflictException, Injectable } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';
import {
  amendQuoteRequestSchema,
  AmendmentMessages,
  EventTypes,
  fuelGradeOf,
  LITERS_PER_GALLON,
  QuoteStreamEvents,
  requestedServiceLabels,
  type AmendedField,
  type AmendQuoteRequestResponse,
  type InternalIdentity,
  type QuoteRequestAmendedData,
  type QuoteRequestStatus,
  type QuoteServices,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { ListVersionCache } from '../shared/list-version-cache';
import { findOwnedRequest } from '../shared/owned-request';
import { invalidRequest, parseBody } from '../shared/parse-body';
import { appendStreamEvents } from '../shared/request-stream';
import { withServiceDefaults } from './create-quote-request.service';
import { QuoteInvitation } from './quote-invitation.entity';
import { QuoteRequestVersion } from './quote-request-version.entity';
import { QuoteRequest } from './quote-request.entity';

type User = NonNullable<InternalIdentity['user']>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The requested services without the fuel quantity (an amendment lists that change on its own). */
const serviceLabels = (services: QuoteServices, units: QuoteRequest['units']) =>
  requestedServiceLabels({ ...services, fuelEstimatedAmount: null }, units);

const sameValue = (a: AmendedField['before'], b: AmendedField['after']) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /api/quote-requests/{id}: the pilot changes the dates, fuel quantity, services or notes of an open request,
 * or of one whose booking waits for the chosen FBO (the booking stays; 409 once confirmed or cancelled).
 * The change is kept as a version; the estimates given before stay, marked for the earlier version, and their
 * invitations open again so the FBO prices the new version from the same link (until then they are out of the
 * comparison). One transaction with `quote-request-amended` in the outbox (the FBOs are e-mailed what changed).
 */
@Injectable()
export class AmendQuoteRequestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly versions: ListVersionCache,
  ) {}

  async amend(user: User, id: string, body: unknown): Promise<AmendQuoteRequestResponse> {
    return this.dataSource
      .transaction(async (manager) => {
        const request = await findOwnedRequest(manager, user.id, id, true);
        if (request.status === 'cancelled') throw new ConflictException({ error: AmendmentMessages.cancelled });
        if (request.status === 'booked') throw new ConflictException({ error: AmendmentMessages.booked });
        if (!isObject(body)) parseBody(amendQuoteRequestSchema, body);
        const given = isObject(body) ? body : {};
        // The given fields laid over the request's own, checked with the request form's rules and messages.
        const input = parseBody(amendQuoteRequestSchema, {
          arrival: 'arrival' in given ? given.arrival : request.arrivalDate?.toISOString(),
          departure: 'departure' in given ? given.departure : request.departureDate?.toISOString(),
          services:
            'services' in given
              ? isObject(given.services)
                ? { ...request.services, ...given.services }
                : given.services
              : request.services,
          notes: 'notes' in given ? given.notes : request.notes,
        });
        const arrival = new Date(input.arrival);
        const departure = new Date(input.departure);
        if (('arrival' in given || 'departure' in given) && departure.getTime() <= arrival.getTime())
          throw invalidRequest([{ field: 'departure', message: AmendmentMessages.departureAfterArrival }]);
        const services = withServiceDefaults(input.services);
        const amount = services.fuelEstimatedAmount;
        const fuelAmount =
          amount === null
            ? null
            : Math.round((request.units === 'metric' ? amount / LITERS_PER_GALLON : amount) * 10) / 10;

        const changes: AmendedField[] = [];
        const compare = (
          field: AmendedField['field'],
          before: AmendedField['before'],
          after: AmendedField['after'],
        ) => {
          if (!sameValue(before, after)) changes.push({ field, before, after });
        };
        compare('arrival', request.arrivalDate?.toISOString() ?? null, arrival.toISOString());
        compare('departure', request.departureDate?.toISOString() ?? null, departure.toISOString());
        compare('fuelAmount', request.fuelAmount, fuelAmount);
        compare('services', serviceLabels(request.services, request.units), serviceLabels(services, request.units));
        compare('notes', request.notes, input.notes);

        const stale = await manager.find(QuoteResponse, {
          where: { quoteRequestId: id, kind: 'submitted', requestVersion: LessThan(request.version + 1) },
        });
        if (!changes.length)
          return {
            quoteRequestId: id,
            status: request.status,
            version: request.version,
            amended: false,
            changes,
            awaitingRepricingFboIds: stale.filter((r) => r.requestVersion < request.version).map((r) => r.fboId),
          };

        const version = request.version + 1;
        const now = new Date();
        // Estimates of the version before open their invitations again: the FBO re-prices from the same link.
        const reopened = await manager.find(QuoteInvitation, {
          where: { quoteRequestId: id, status: 'submitted' },
        });
        if (reopened.length)
          await manager.update(QuoteInvitation, { id: In(reopened.map((i) => i.id)) }, { status: 'open' });
        const responseCount = request.responseCount - reopened.length;
        // A booking waiting for the chosen FBO stays; that FBO confirms it for the amended request.
        const status: QuoteRequestStatus =
          request.status === 'booked-pending'
            ? request.status
            : responseCount >= request.totalFbosCount
              ? 'completed'
              : responseCount > 0
                ? 'responses_received'
                : 'pending';
        await manager.update(
          QuoteRequest,
          { id },
          {
            arrivalDate: arrival,
            departureDate: departure,
            services,
            fuelAmount,
            fuelType: fuelGradeOf(services),
            notes: input.notes,
            version,
            responseCount,
            status,
          },
        );
        const name = `${request.requester.firstName} ${request.requester.lastName}`.trim() || request.requester.email;
        await manager.insert(QuoteRequestVersion, {
          quoteRequestId: id,
          version,
          changes,
          changedBy: user.id,
          changedByName: name,
          changedAt: now,
        });
        if (status !== request.status)
          await appendStreamEvents(manager, id, [
            {
              type: QuoteStreamEvents.statusChanged,
              data: {
                quoteRequestId: id,
                status,
                previousStatus: request.status,
                responseCount,
                totalFbosCount: request.totalFbosCount,
              },
            },
          ]);
        const told = await manager.find(QuoteInvitation, { where: { quoteRequestId: id }, order: { position: 'ASC' } });
        const data: QuoteRequestAmendedData = {
          quoteRequestId: id,
          uniqueId: request.uniqueId,
          requesterId: request.requesterId,
          version,
          changes,
          invitationIds: told.filter((i) => i.status !== 'withdrawn').map((i) => i.id),
          amendedAt: now.toISOString(),
        };
        await this.outbox.add(manager, EventTypes.quoteRequestAmended, data);
        return {
          quoteRequestId: id,
          status,
          version,
          amended: true,
          changes,
          awaitingRepricingFboIds: stale.map((r) => r.fboId),
        };
      })
      .finally(() => this.versions.forget(user.id));
  }
}
