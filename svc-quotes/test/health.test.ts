import { describeServiceSkeleton } from '@rampquote/service-kit';
import { AppModule } from '../src/app.module';
import { loadQuotesConfig, SERVICE } from '../src/config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from '../src/schema';

describeServiceSkeleton({
  service: SERVICE,
  loadConfig: loadQuotesConfig,
  module: (config) => AppModule.forRoot(config),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  bindings: EVENT_BINDINGS,
  tables: ['quote_requests'],
});
