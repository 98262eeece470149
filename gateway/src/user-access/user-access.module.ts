import { Module } from '@nestjs/common';
import { identityServiceProvider } from '../auth/identity-service.provider';
import { SessionsModule } from '../sessions/sessions.module';
import { SessionAccessCheck } from './session-access.middleware';
import { UserAccessChangedConsumer } from './user-access-changed.consumer';
import { UserAccessService } from './user-access.service';

/**
 * Sessions that follow the user's rights: per-user access revisions (UserAccessService), fed by svc-identity's
 * `user-access-changed` events (UserAccessChangedConsumer), checked on every request that reads a session
 * (SessionAccessCheck).
 */
@Module({
  imports: [SessionsModule],
  providers: [identityServiceProvider, UserAccessService, UserAccessChangedConsumer, SessionAccessCheck],
  exports: [UserAccessService, SessionAccessCheck],
})
export class UserAccessModule {}
