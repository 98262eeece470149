import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, type ServiceKitEventOptions } from '@rampquote/service-kit';
import { AirportImportModule } from './airport-import/airport-import.module';
import { AirportsModule } from './airports/airports.module';
import { SERVICE, type AirportsConfig } from './config';
import { FboDiscoveryModule } from './fbo-discovery/fbo-discovery.module';
import { FboServicesModule } from './fbo-services/fbo-services.module';
import { FbosModule } from './fbos/fbos.module';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';
import { SeedModule } from './seed/seed.module';

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
        AirportImportModule,
        FbosModule,
        AirportsModule,
        FboServicesModule,
        FboDiscoveryModule,
        SeedModule,
      ],
    };
  }
}
