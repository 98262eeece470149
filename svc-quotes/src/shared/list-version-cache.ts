import { Inject, Injectable, Module } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceListenedCache, type ServiceConfig } from '@rampquote/service-kit';

/** Where the database announces a requester's My Quotes version changed (migration NotifyListVersionChanges). */
export const LIST_VERSION_CHANGES_CHANNEL = 'quotes_list_version_changes';

/**
 * Each requester's My Quotes list version as last read, per replica: with it, a My Quotes call whose pages this
 * replica already built (MyQuotesListCache) costs no database round trip. Forgotten when the database
 * announces the version moved (every change of one of the requester's requests moves it); this replica's own
 * changes of a request also forget it when they end (the quote-requests services, FboQuotesService). Served only while it
 * listens (see ListenedCache).
 */
@Injectable()
export class ListVersionCache extends ServiceListenedCache<string> {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config, 'quotes', LIST_VERSION_CHANGES_CHANNEL);
  }
}

/** One ListVersionCache (one listening connection) for the modules that read or change requests. */
@Module({ providers: [ListVersionCache], exports: [ListVersionCache] })
export class ListVersionCacheModule {}
