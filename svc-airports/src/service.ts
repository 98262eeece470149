import { EventTypes, SERVICE_PORTS } from '@rampquote/contracts';
import { defineService } from '@rampquote/service-kit';
import { AirportImport } from './airport-import/airport-import.entity';
import { AirportImportModule } from './airport-import/airport-import.module';
import { Airport } from './airports/airport.entity';
import { AirportsModule } from './airports/airports.module';
import { airportsEnv } from './config';
import { FboDiscovery } from './fbo-discovery/fbo-discovery.entity';
import { FboDiscoveryModule } from './fbo-discovery/fbo-discovery.module';
import { FboMembersModule } from './fbo-members/fbo-members.module';
import { FboServicesModule } from './fbo-services/fbo-services.module';
import { FboDirectoryEntry } from './fbos/fbo-directory-entry.entity';
import { Fbo } from './fbos/fbo.entity';
import { FbosModule } from './fbos/fbos.module';
import { CreateAirports1767225700000 } from './migrations/1767225700000-create-airports';
import { AirportSearchImportsFbos1767225800000 } from './migrations/1767225800000-airport-search-imports-fbos';
import { FboMembersAndClaims1769500000000 } from './migrations/1769500000000-fbo-members-and-claims';
import { SeedModule } from './seed/seed.module';

/**
 * svc-airports: airports, search, CSV import, FBO directory and discovery, FBO membership and claims, service catalogue
 * (database rampquote_airports).
 */
export const service = defineService({
  name: 'airports',
  port: SERVICE_PORTS.airports,
  config: airportsEnv,
  entities: [Airport, AirportImport, Fbo, FboDirectoryEntry, FboDiscovery],
  migrations: [CreateAirports1767225700000, AirportSearchImportsFbos1767225800000, FboMembersAndClaims1769500000000],
  // Discovery runs in the background, from svc-airports's own event.
  eventBindings: [EventTypes.fboDiscoveryRequested],
  // SeedModule: in development only (NODE_ENV=development and DEV_AUTO_IMPORT), the built-in import and demo FBOs.
  modules: [
    AirportImportModule,
    FbosModule,
    AirportsModule,
    FboServicesModule,
    FboDiscoveryModule,
    FboMembersModule,
    SeedModule,
  ],
});
