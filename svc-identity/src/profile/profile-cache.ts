import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceListenedCache, type ServiceConfig } from '@rampquote/service-kit';
import type { ProfileRow } from './profile.service';

/** Where the database announces a change of what a profile is read from (migration NotifyProfileChanges). */
export const PROFILE_CHANGES_CHANNEL = 'identity_profile_changes';

/**
 * What each user's profile was last read from (the row of ProfileService's statement, or null: no such user), per
 * replica (the profile is read by nearly every signed-in page, and its query's round trip was most of its
 * cost). The row, not the answer, is kept: the subscription fields depend on the time of the read. Forgotten when
 * the database announces a change of the user's row or subscription copy; this replica's own profile changes also
 * forget it when they end (ProfileService). Served only while it listens (see ListenedCache).
 */
@Injectable()
export class ProfileCache extends ServiceListenedCache<ProfileRow | null> {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config, 'identity', PROFILE_CHANGES_CHANNEL);
  }
}
