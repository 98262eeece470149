import { EventTypes, SERVICE_PORTS } from '@rampquote/contracts';
import { defineService } from '@rampquote/service-kit';
import { Aircraft } from './aircraft/aircraft.entity';
import { AircraftModule } from './aircraft/aircraft.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { CreateAircraft1767225700000 } from './migrations/1767225700000-create-aircraft';
import { NotifyAircraftChanges1769000000000 } from './migrations/1769000000000-notify-aircraft-changes';

/** svc-fleet: saved aircraft and the aircraft catalogue (database rampquote_fleet). */
export const service = defineService({
  name: 'fleet',
  port: SERVICE_PORTS.fleet,
  entities: [Aircraft],
  migrations: [CreateAircraft1767225700000, NotifyAircraftChanges1769000000000],
  // It only logged user-registered; its queue stops receiving it.
  retiredEventBindings: [EventTypes.userRegistered],
  // CatalogueModule first: /api/aircraft/makes must not be taken for /api/aircraft/:id.
  modules: [CatalogueModule, AircraftModule],
});
