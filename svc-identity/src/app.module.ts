import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, type ServiceKitEventOptions } from '@rampquote/service-kit';
import type { IdentityConfig } from './config';
import { SERVICE } from './config';
import { CredentialsModule } from './credentials/credentials.module';
import { InvitationsModule } from './invitations/invitations.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { ProfileModule } from './profile/profile.module';
import { RegistrationModule } from './registration/registration.module';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from './schema';
import { SeedModule } from './seed/seed.module';
import { SupportModule } from './support/support.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  /** `events` tunes the event bus (tests shorten the reconnection backoff). */
  static forRoot(config: IdentityConfig, events: ServiceKitEventOptions = {}): DynamicModule {
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
        InvitationsModule,
        RegistrationModule,
        CredentialsModule,
        PasswordResetModule,
        ProfileModule,
        SupportModule,
        SeedModule,
      ],
    };
  }
}
