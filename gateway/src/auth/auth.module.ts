import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { AuthController } from './auth.controller';
import { IdentityClient } from './identity.client';
import { LocalStrategy } from './local.strategy';
import { LocalAuthGuard, LoginBodyGuard, LoginThrottleGuard } from './login.guards';

@Module({
  imports: [PassportModule, RateLimitsModule],
  controllers: [AuthController],
  providers: [IdentityClient, LocalStrategy, LoginBodyGuard, LoginThrottleGuard, LocalAuthGuard],
})
export class AuthModule {}
