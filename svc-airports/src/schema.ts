import { EventTypes } from '@rampquote/contracts';
import { EventTables1767225600000 } from '@rampquote/service-kit';
import { AirportImport } from './airport-import/airport-import.entity';
import { Airport } from './airports/airport.entity';
import { FboDiscovery } from './fbo-discovery/fbo-discovery.entity';
import { FboDirectoryEntry } from './fbos/fbo-directory-entry.entity';
import { Fbo } from './fbos/fbo.entity';
import { CreateAirports1767225700000 } from './migrations/1767225700000-create-airports';
import { AirportSearchImportsFbos1767225800000 } from './migrations/1767225800000-airport-search-imports-fbos';

/** svc-airports's tables (rampquote_airports), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [Airport, AirportImport, Fbo, FboDirectoryEntry, FboDiscovery];
export const MIGRATIONS = [EventTables1767225600000, CreateAirports1767225700000, AirportSearchImportsFbos1767225800000];
export const EVENT_BINDINGS: string[] = [EventTypes.fboDiscoveryRequested];
