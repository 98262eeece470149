import { Module } from '@nestjs/common';
import { AirportsModule } from '../airports/airports.module';
import { AdminFboMembersController, FboClaimsController, FboTeamController } from './fbo-members.controller';
import { FboMembersService } from './fbo-members.service';
import { IdentityLookups } from './identity-lookups';
import { InternalFbosController } from './internal-fbos.controller';

/** FBO membership: admin and team management, claim links, and svc-quotes' look-ups. */
@Module({
  imports: [AirportsModule],
  controllers: [AdminFboMembersController, FboTeamController, FboClaimsController, InternalFbosController],
  providers: [FboMembersService, IdentityLookups],
  exports: [FboMembersService, IdentityLookups],
})
export class FboMembersModule {}
