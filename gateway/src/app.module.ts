import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { DatabaseModule } from './database/database.module';
import { LiveStreamsModule } from './live-streams/live-streams.module';
import { OpenApiController } from './openapi/openapi.controller';
import { OpenApiService } from './openapi/openapi.service';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { RemotesController } from './remotes/remotes.controller';
import { SessionsModule } from './sessions/sessions.module';
import { UserAccessModule } from './user-access/user-access.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot(config.DATABASE_URL, config.DATABASE_NAME),
        SessionsModule,
        LiveStreamsModule,
        UserAccessModule,
        RateLimitsModule,
        AuthModule,
      ],
      controllers: [RemotesController, OpenApiController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, OpenApiService],
      exports: [GATEWAY_CONFIG],
    };
  }
}
