/** Tables of the gateway's database (created by the migrations in ./migrations). */
export const SESSION_TABLE = 'session';
export const RATE_LIMIT_TABLE = 'rate_limits';
/** Per user: the access revision (bumped on every user-access-changed) and the oldest revision whose sessions hold. */
export const USER_ACCESS_TABLE = 'user_access';
