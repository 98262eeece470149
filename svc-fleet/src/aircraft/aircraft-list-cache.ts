import { Inject, Injectable } from '@nestjs/common';
import type { AircraftDto } from '@rampquote/contracts';
import { SERVICE_CONFIG, ServiceListenedCache, type ServiceConfig } from '@rampquote/service-kit';

/** Where the database announces a user's aircraft changed (migration NotifyAircraftChanges): the user's id, or `*`. */
export const AIRCRAFT_CHANGES_CHANNEL = 'fleet_aircraft_changes';

/**
 * Each user's aircraft list as last read, per replica (the list is read by nearly every signed-in page,
 * and its query's round trip was most of its cost). Forgotten when the database announces a change of that user's
 * aircraft, whichever replica (or anything else) made it; this replica's own changes also forget it when they
 * end (AircraftService). Served only while it listens (see ListenedCache).
 */
@Injectable()
export class AircraftListCache extends ServiceListenedCache<AircraftDto[]> {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config, 'fleet', AIRCRAFT_CHANGES_CHANNEL);
  }
}
