import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, type ServiceKitEventOptions } from '@rampquote/service-kit';
import { SERVICE, type QuotesConfig } from './config';
import { QuoteResponsesModule } from './quote-responses/quote-responses.module';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';

@Module({})
export class AppModule {
  /** `events` tunes the event bus (tests shorten timings). */
  static forRoot(config: QuotesConfig, events: ServiceKitEventOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          service: SERVICE,
          config,
          entities: ENTITIES,
          migrations: MIGRATIONS,
          events: { bindings: EVENT_BINDINGS, ...events },
        }),
        QuoteResponsesModule,
      ],
    };
  }
}
