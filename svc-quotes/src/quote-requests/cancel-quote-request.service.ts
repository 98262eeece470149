import { ConflictException, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  EventTypes,
  QuoteRequestMessages,
  QuoteStreamEvents,
  type CancelQuoteRequestResponse,
  type InternalIdentity,
  type QuoteCancelledData,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { ListVersionCache } from '../shared/list-version-cache';
import { findOwnedRequest } from '../shared/owned-request';
import { appendStreamEvents } from '../shared/request-stream';
import { QuoteInvitation } from './quote-invitation.entity';
import { QuoteRequest } from './quote-request.entity';

type User = NonNullable<InternalIdentity['user']>;

/** The requester withdraws an open request; the FBOs that have not answered are told. */
@Injectable()
export class CancelQuoteRequestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly versions: ListVersionCache,
  ) {}

  /**
   * The pilot withdraws an open request: status `cancelled`, the invitations not yet answered become `withdrawn`
   * (their links say so), and `quote-cancelled` makes the e-mail consumer tell those FBOs.
   */
  async cancel(user: User, id: string): Promise<CancelQuoteRequestResponse> {
    return this.dataSource
      .transaction<CancelQuoteRequestResponse>(async (manager) => {
        const request = await findOwnedRequest(manager, user.id, id, true);
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
