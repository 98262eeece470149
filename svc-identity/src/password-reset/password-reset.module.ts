import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

@Module({ imports: [UsersModule], controllers: [PasswordResetController], providers: [PasswordResetService] })
export class PasswordResetModule {}
