import { Module } from '@nestjs/common';
import { UserRegisteredConsumer } from './user-registered.consumer';

@Module({ providers: [UserRegisteredConsumer] })
export class UsersModule {}
