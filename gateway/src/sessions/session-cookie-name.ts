/** The session cookie of a site served over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'rq.sid';
/** The session cookie over TLS: the browser keeps it only if it is Secure, for this host and path `/`. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
