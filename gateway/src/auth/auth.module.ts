import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AccountController } from './account.controller';
import { AuthController } from './auth.controller';
import { IdentityClient } from './identity.client';
import { LocalStrategy } from './local.strategy';
import { LocalAuthGuard, LoginBodyGuard, LoginThrottleGuard } from './login.guards';

@Module({
  imports: [PassportModule, RateLimitsModule, SessionsModule],
  controllers: [AuthController, AccountController],
  providers: [IdentityClient, LocalStrategy, LoginBodyGuard, LoginThrottleGuard, LocalAuthGuard],
})
export class AuthModule {}
