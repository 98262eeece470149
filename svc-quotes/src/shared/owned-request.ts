import { NotFoundException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { QuoteRequestMessages } from '@rampquote/contracts';
import { preparedQuery, type PreparedStatement } from '@rampquote/service-kit';
import { isUuid } from './ids';
import { QuoteRequest } from '../quote-requests/quote-request.entity';

/** The 404 of a request that is missing or another user's (the two look the same). */
export const requestNotFound = () => new NotFoundException({ error: QuoteRequestMessages.notFound });

/** The requester's request, or requestNotFound; `lock` takes the row for update. */
export async function findOwnedRequest(
  manager: EntityManager,
  requesterId: string,
  id: string,
  lock = false,
): Promise<QuoteRequest> {
  if (!isUuid(id)) throw requestNotFound();
  const request = await manager.findOne(QuoteRequest, {
    where: { id, requesterId },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!request) throw requestNotFound();
  return request;
}

/**
 * The rows of a read of the requester's request (a prepared statement taking the request id then the requester id,
 * giving at least one row when the request is theirs), or requestNotFound.
 */
export async function readOwnedRequest<R extends object>(
  dataSource: DataSource,
  statement: PreparedStatement,
  requesterId: string,
  id: string,
): Promise<[R, ...R[]]> {
  if (!isUuid(id)) throw requestNotFound();
  const rows = await preparedQuery<R>(dataSource, statement, [id, requesterId]);
  if (!rows.length) throw requestNotFound();
  return rows as [R, ...R[]];
}
