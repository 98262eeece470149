import 'reflect-metadata';
import { loadConfigOrExit, runMigrations } from '@rampquote/service-kit';
import { loadQuotesConfig, SERVICE } from './config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';

const config = loadConfigOrExit(() => loadQuotesConfig());
runMigrations({ service: SERVICE, config, entities: ENTITIES, migrations: MIGRATIONS, topology: { bindings: EVENT_BINDINGS } });
