import { EventTables1767225600000 } from '@rampquote/service-kit';
import { BetaInvitation } from './invitations/beta-invitation.entity';
import { CreateUsersAndInvitations1767225700000 } from './migrations/1767225700000-create-users-and-invitations';
import { User } from './users/user.entity';

/** svc-identity's tables (rampquote_identity), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [User, BetaInvitation];
export const MIGRATIONS = [EventTables1767225600000, CreateUsersAndInvitations1767225700000];
/** svc-identity consumes no event yet; its queue exists and is consumed. */
export const EVENT_BINDINGS: string[] = [];
