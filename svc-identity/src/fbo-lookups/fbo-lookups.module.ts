import { Module } from '@nestjs/common';
import { InvitationsModule } from '../invitations/invitations.module';
import { UsersModule } from '../users/users.module';
import { FboLookupsController } from './fbo-lookups.controller';

/** The internal calls svc-airports makes to add FBO members by e-mail. */
@Module({ imports: [UsersModule, InvitationsModule], controllers: [FboLookupsController] })
export class FboLookupsModule {}
