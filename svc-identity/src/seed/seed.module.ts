import { Module } from '@nestjs/common';
import { InvitationsModule } from '../invitations/invitations.module';
import { UsersModule } from '../users/users.module';
import { DevSeedService } from './dev-seed.service';

@Module({ imports: [UsersModule, InvitationsModule], providers: [DevSeedService] })
export class SeedModule {}
