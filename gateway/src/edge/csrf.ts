/**
 * Cross-site request forgery check (ARCHITECTURE section 6): a state-changing request is accepted only when
 * its Origin (or, without one, its Referer) is the site's own origin, or Sec-Fetch-Site says same-origin.
 * No tokens: SameSite=Lax cookies plus this origin check cover the browsers we support.
 */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfInput {
  method: string;
  origin?: string;
  referer?: string;
  secFetchSite?: string;
}

export type CsrfDecision =
  | { allowed: true; reason: 'safe-method' | 'same-origin-fetch' | 'origin' | 'referer' | 'non-browser' }
  | { allowed: false; reason: 'cross-site-origin' | 'cross-site-referer' | 'cross-site-fetch' };

/**
 * The origin (`scheme://host[:port]`, lower case, default port dropped) of a URL or an Origin header value;
 * undefined for `null`, opaque or unparsable values.
 */
export function parseOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'null') return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Decides whether a request may change state. `allowedOrigins` holds the site's origins (PUBLIC_URL's origin
 * and the origin the request itself was addressed to), already normalised by parseOrigin.
 *
 * A request carrying none of Origin, Referer or Sec-Fetch-Site is accepted: browsers always send Origin on a
 * cross-site POST/PUT/PATCH/DELETE (and Sec-Fetch-Site on every request since 2023), so such a request comes
 * from a non-browser client (curl, a script, a server) which holds no victim's cookie to abuse. Refusing it
 * would protect nobody and break those clients.
 */
export function decideCsrf(input: CsrfInput, allowedOrigins: ReadonlySet<string>): CsrfDecision {
  if (!UNSAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true, reason: 'safe-method' };
  const site = input.secFetchSite?.trim().toLowerCase();
  if (site === 'same-origin') return { allowed: true, reason: 'same-origin-fetch' };
  if (input.origin !== undefined) {
    const origin = parseOrigin(input.origin);
    return origin && allowedOrigins.has(origin)
      ? { allowed: true, reason: 'origin' }
      : { allowed: false, reason: 'cross-site-origin' };
  }
  if (input.referer !== undefined) {
    const origin = parseOrigin(input.referer);
    return origin && allowedOrigins.has(origin)
      ? { allowed: true, reason: 'referer' }
      : { allowed: false, reason: 'cross-site-referer' };
  }
  // A browser that sent Sec-Fetch-Site but neither Origin nor Referer, and not same-origin: refuse.
  if (site) return { allowed: false, reason: 'cross-site-fetch' };
  return { allowed: true, reason: 'non-browser' };
}
