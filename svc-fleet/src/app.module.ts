import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, type ServiceKitEventOptions } from '@rampquote/service-kit';
import { AircraftModule } from './aircraft/aircraft.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { SERVICE, type FleetConfig } from './config';
import { UsersModule } from './users/users.module';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';

@Module({})
export class AppModule {
  /** `events` tunes the event bus (tests shorten timings). */
  static forRoot(config: FleetConfig, events: ServiceKitEventOptions = {}): DynamicModule {
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
        UsersModule,
        // Before AircraftModule: /api/aircraft/makes must not be taken for /api/aircraft/:id.
        CatalogueModule,
        AircraftModule,
      ],
    };
  }
}
