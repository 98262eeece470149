import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { AircraftDto } from '@rampquote/contracts';
import { databaseUrl, ListenedCache, SERVICE_CONFIG, serviceDatabaseName, type ServiceConfig } from '@rampquote/service-kit';

/** Where the database announces a user's aircraft changed (migration NotifyAircraftChanges): the user's id, or `*`. */
export const AIRCRAFT_CHANGES_CHANNEL = 'fleet_aircraft_changes';

/**
 * Each user's aircraft list as last read, per replica (issue 16: the list is read by nearly every signed-in page,
 * and its query's round trip was most of its cost). Forgotten when the database announces a change of that user's
 * aircraft, whichever replica (or anything else) made it; this replica's own changes also forget it when they
 * commit (AircraftService). Served only while it listens (see ListenedCache).
 */
@Injectable()
export class AircraftListCache extends ListenedCache<AircraftDto[]> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super({
      listener: {
        connectionString: databaseUrl(config.DATABASE_URL, serviceDatabaseName('fleet', config)),
        channel: AIRCRAFT_CHANGES_CHANNEL,
        applicationName: 'rampquote-fleet-aircraft-changes',
        logger: new Logger('AircraftListCache'),
      },
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }
}
