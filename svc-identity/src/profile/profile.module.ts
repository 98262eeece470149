import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

@Module({ imports: [UsersModule, SubscriptionsModule], controllers: [ProfileController], providers: [ProfileService] })
export class ProfileModule {}
