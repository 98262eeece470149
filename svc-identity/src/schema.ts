import { AccountEventTypes } from '@rampquote/contracts';
import { EventTables1767225600000 } from '@rampquote/service-kit';
import { BetaInvitation } from './invitations/beta-invitation.entity';
import { CreateUsersAndInvitations1767225700000 } from './migrations/1767225700000-create-users-and-invitations';
import { AccountsProfileResetSupport1767312000000 } from './migrations/1767312000000-accounts-profile-reset-support';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { SupportMessage } from './support/support-message.entity';
import { User } from './users/user.entity';

/** svc-identity's tables (rampquote_identity), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [User, BetaInvitation, PasswordResetToken, SupportMessage];
export const MIGRATIONS = [EventTables1767225600000, CreateUsersAndInvitations1767225700000, AccountsProfileResetSupport1767312000000];
/** svc-identity mails from its own events, so a mail server outage delays mail and never loses it. */
export const EVENT_BINDINGS: string[] = [AccountEventTypes.betaAccessGranted, AccountEventTypes.supportMessageReceived];
