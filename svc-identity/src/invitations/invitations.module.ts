import { Module } from '@nestjs/common';
import { BetaAccessGrantedConsumer } from './beta-access-granted.consumer';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

@Module({
  controllers: [InvitationsController],
  providers: [InvitationsService, BetaAccessGrantedConsumer],
  exports: [InvitationsService],
})
export class InvitationsModule {}
