import type { InternalIdentity } from '@rampquote/contracts';

/** The identity of a route that requires a signed-in user. */
export type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };
