import { ConflictException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QuoteRequestMessages, type DeleteQuoteRequestResponse, type InternalIdentity } from '@rampquote/contracts';
import { preparedQuery } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { ListVersionCache } from '../shared/list-version-cache';
import { findOwnedRequest, requestNotFound } from '../shared/owned-request';

type User = NonNullable<InternalIdentity['user']>;

/** Deletes the requester's request when it is complete or cancelled (the UI's rule); no row: it was not deleted. */
const DELETE_DONE_STATEMENT = {
  name: 'quotes_delete_done',
  text: `DELETE FROM quote_requests WHERE id = $1 AND requester_id = $2 AND status IN ('completed', 'cancelled') RETURNING id`,
};

/** The requester deletes a finished request from My Quotes. */
@Injectable()
export class DeleteQuoteRequestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly versions: ListVersionCache,
  ) {}

  /** Only a complete (or cancelled) request may be deleted (the UI's rule); an open one answers 409. */
  async remove(user: User, id: string): Promise<DeleteQuoteRequestResponse> {
    if (!isUuid(id)) throw requestNotFound();
    // One statement deletes it when it may go (its invitations, answers and events go with it: ON DELETE CASCADE).
    const deleted = (await preparedQuery(this.dataSource, DELETE_DONE_STATEMENT, [id, user.id])).length > 0;
    this.versions.forget(user.id);
    if (deleted) return { deleted: id };
    // Nothing deleted: missing or another user's (404), else not complete (409).
    await findOwnedRequest(this.dataSource.manager, user.id, id);
    throw new ConflictException({ error: QuoteRequestMessages.deleteNotComplete });
  }
}
