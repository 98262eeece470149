import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { InternalIdentity, NotificationPreferences, UpdateNotificationPreferences } from '@rampquote/contracts';
import { ListVersionCache } from '../shared/list-version-cache';
import { findOwnedRequest } from '../shared/owned-request';
import { QuoteRequest } from './quote-request.entity';

type User = NonNullable<InternalIdentity['user']>;

/** The "Waiting for Quotes" checkboxes of a request: which answers its requester hears of by e-mail. */
@Injectable()
export class NotificationPreferencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly versions: ListVersionCache,
  ) {}

  async update(user: User, id: string, input: UpdateNotificationPreferences): Promise<NotificationPreferences> {
    return this.dataSource
      .transaction(async (manager) => {
        const request = await findOwnedRequest(manager, user.id, id, true);
        const next = {
          emailEachResponse: input.emailEachResponse ?? request.emailEachResponse,
          emailAllResponded: input.emailAllResponded ?? request.emailAllResponded,
        };
        await manager.update(QuoteRequest, { id }, next);
        return next;
      })
      .finally(() => this.versions.forget(user.id));
  }
}
