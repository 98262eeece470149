import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { compareOffers, type ComparableAnswer, type QuoteComparison } from '@rampquote/contracts';
import { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { findOwnedRequest } from '../shared/owned-request';
import { toFees, toResponseDetails } from '../shared/quote-views';
import { QuoteInvitation } from './quote-invitation.entity';
import type { QuoteRequest } from './quote-request.entity';

export interface LoadedComparison {
  request: QuoteRequest;
  invitations: QuoteInvitation[];
  comparison: QuoteComparison;
}

/** The requester's request with its invitations, and its answers compared like for like (404 for anyone else). */
export async function loadComparison(
  manager: EntityManager,
  requesterId: string,
  id: string,
  now = new Date(),
): Promise<LoadedComparison> {
  const request = await findOwnedRequest(manager, requesterId, id);
  const invitations = await manager.find(QuoteInvitation, {
    where: { quoteRequestId: id },
    order: { position: 'ASC' },
  });
  const responses = await manager.find(QuoteResponse, {
    where: { quoteRequestId: id },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  const fboOf = new Map(invitations.map((i) => [i.id, i.fbo]));
  // Estimates for an earlier version of an amended request wait for the FBO to price the current one.
  const stale = responses.filter((r) => r.kind === 'submitted' && r.requestVersion < request.version);
  const staleFbos = new Set(stale.map((r) => r.fboId));
  const answers: ComparableAnswer[] = responses
    .filter((r) => !stale.includes(r))
    .map((r) => ({
      ...toResponseDetails(r, fboOf.get(r.invitationId)!, request, now),
      fees: r.servicesQuoted ? toFees(r.servicesQuoted) : null,
    }));
  const comparison = compareOffers(
    {
      id: request.id,
      uniqueId: request.uniqueId,
      status: request.status,
      services: request.services,
      fuelType: request.fuelType,
      fuelAmount: request.fuelAmount,
      arrivalDate: request.arrivalDate?.toISOString() ?? null,
      departureDate: request.departureDate?.toISOString() ?? null,
      bookingFboId: request.bookingFboId,
      bookingRequestedAt: request.bookingRequestedAt?.toISOString() ?? null,
      bookingConfirmedAt: request.bookingConfirmedAt?.toISOString() ?? null,
      bookingDeclinedFboIds: request.bookingDeclinedFboIds ?? [],
    },
    invitations
      .filter((i) => !staleFbos.has(i.fboId))
      .map((i) => ({ fboId: i.fboId, name: i.fbo.name, status: i.status })),
    answers,
    stale.map((r) => ({ fboId: r.fboId, name: fboOf.get(r.invitationId)!.name, forVersion: r.requestVersion })),
  );
  return { request, invitations, comparison };
}

/** GET /api/quote-requests/{id}/comparison. */
@Injectable()
export class QuoteComparisonService {
  constructor(private readonly dataSource: DataSource) {}

  async forOwner(requesterId: string, id: string): Promise<QuoteComparison> {
    return (await loadComparison(this.dataSource.manager, requesterId, id)).comparison;
  }
}
