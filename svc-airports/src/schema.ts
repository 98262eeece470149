import { EventTypes } from '@rampquote/contracts';
import { EventTables1767225600000 } from '@rampquote/service-kit';
import { Airport } from './airports/airport.entity';
import { CreateAirports1767225700000 } from './migrations/1767225700000-create-airports';

/** svc-airports's tables (rampquote_airports), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [Airport];
export const MIGRATIONS = [EventTables1767225600000, CreateAirports1767225700000];
export const EVENT_BINDINGS: string[] = [EventTypes.fboDiscoveryRequested];
