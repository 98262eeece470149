/** Tables of the gateway's database (created by the migration in ./migrations). */
export const SESSION_TABLE = 'session';
export const RATE_LIMIT_TABLE = 'rate_limits';
