import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { LiveStreamsModule } from '../live-streams/live-streams.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UserAccessModule } from '../user-access/user-access.module';
import { AccountController } from './account.controller';
import { AuthController } from './auth.controller';
import { identityServiceProvider } from './identity-service.provider';
import { LocalStrategy } from './local.strategy';
import { LocalAuthGuard, LoginBodyGuard, LoginThrottleGuard } from './login.guards';

@Module({
  imports: [PassportModule, RateLimitsModule, SessionsModule, UserAccessModule, LiveStreamsModule],
  controllers: [AuthController, AccountController],
  providers: [identityServiceProvider, LocalStrategy, LoginBodyGuard, LoginThrottleGuard, LocalAuthGuard],
})
export class AuthModule {}
