import { NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QuoteRequestMessages } from '@rampquote/contracts';
import { isUuid } from './ids';
import { QuoteRequest } from './quote-request.entity';

/** The requester's request, or 404 (a missing id and another user's request look the same); `lock` takes the row for update. */
export async function findOwnedRequest(manager: EntityManager, requesterId: string, id: string, lock = false): Promise<QuoteRequest> {
  const notFound = () => new NotFoundException({ error: QuoteRequestMessages.notFound });
  if (!isUuid(id)) throw notFound();
  const request = await manager.findOne(QuoteRequest, { where: { id, requesterId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  if (!request) throw notFound();
  return request;
}
