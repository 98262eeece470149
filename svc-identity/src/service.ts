import { EventTypes, SERVICE_PORTS } from '@rampquote/contracts';
import { defineService } from '@rampquote/service-kit';
import { identityEnv } from './config';
import { CredentialsModule } from './credentials/credentials.module';
import { FboLookupsModule } from './fbo-lookups/fbo-lookups.module';
import { BetaInvitation } from './invitations/beta-invitation.entity';
import { InvitationsModule } from './invitations/invitations.module';
import { CreateUsersAndInvitations1767225700000 } from './migrations/1767225700000-create-users-and-invitations';
import { AccountsProfileResetSupport1767312000000 } from './migrations/1767312000000-accounts-profile-reset-support';
import { UserSubscriptions1767900000000 } from './migrations/1767900000000-user-subscriptions';
import { NotifyProfileChanges1769000000000 } from './migrations/1769000000000-notify-profile-changes';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { ProfileModule } from './profile/profile.module';
import { RegistrationModule } from './registration/registration.module';
import { SeedModule } from './seed/seed.module';
import { SupportMessage } from './support/support-message.entity';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { UserSubscription } from './subscriptions/user-subscription.entity';
import { SupportModule } from './support/support.module';
import { User } from './users/user.entity';
import { UsersModule } from './users/users.module';

/**
 * svc-identity: users, roles, beta invitations, password reset, profile (with its copy of each user's subscription),
 * support messages (database rampquote_identity).
 */
export const service = defineService({
  name: 'identity',
  port: SERVICE_PORTS.identity,
  config: identityEnv,
  entities: [User, BetaInvitation, PasswordResetToken, SupportMessage, UserSubscription],
  migrations: [
    CreateUsersAndInvitations1767225700000,
    AccountsProfileResetSupport1767312000000,
    UserSubscriptions1767900000000,
    NotifyProfileChanges1769000000000,
  ],
  // svc-identity mails from its own events, so a mail server outage delays mail and never loses it;
  // subscription-changed (svc-billing) keeps its copy of each user's subscription for the profile.
  eventBindings: [EventTypes.betaAccessGranted, EventTypes.supportMessageReceived, EventTypes.subscriptionChanged],
  // SeedModule: the demo accounts, in development only (NODE_ENV=development).
  modules: [
    UsersModule,
    InvitationsModule,
    RegistrationModule,
    CredentialsModule,
    PasswordResetModule,
    SubscriptionsModule,
    ProfileModule,
    SupportModule,
    FboLookupsModule,
    SeedModule,
  ],
});
