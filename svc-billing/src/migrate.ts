import 'reflect-metadata';
import { loadConfigOrExit, runMigrations } from '@rampquote/service-kit';
import { loadBillingConfig, SERVICE } from './config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';

const config = loadConfigOrExit(() => loadBillingConfig());
runMigrations({ service: SERVICE, config, entities: ENTITIES, migrations: MIGRATIONS, topology: { bindings: EVENT_BINDINGS } });
