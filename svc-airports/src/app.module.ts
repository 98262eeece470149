import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, type ServiceKitEventOptions } from '@rampquote/service-kit';
import { SERVICE, type AirportsConfig } from './config';
import { HealthModule } from './health/health.module';
import { FboDiscoveryModule } from './fbo-discovery/fbo-discovery.module';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';

@Module({})
export class AppModule {
  /** `events` tunes the event bus (tests shorten timings). */
  static forRoot(config: AirportsConfig, events: ServiceKitEventOptions = {}): DynamicModule {
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
        HealthModule,
        FboDiscoveryModule,
      ],
    };
  }
}
