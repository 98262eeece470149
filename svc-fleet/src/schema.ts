import { EventTypes } from '@rampquote/contracts';
import { EventTables1767225600000 } from '@rampquote/service-kit';
import { Aircraft } from './aircraft/aircraft.entity';
import { CreateAircraft1767225700000 } from './migrations/1767225700000-create-aircraft';

/** svc-fleet's tables (rampquote_fleet), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [Aircraft];
export const MIGRATIONS = [EventTables1767225600000, CreateAircraft1767225700000];
export const EVENT_BINDINGS: string[] = [EventTypes.userRegistered];
