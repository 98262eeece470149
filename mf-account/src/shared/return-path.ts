/**
 * The returnPath query parameter, accepted only when it is a same-site relative path: it starts with '/' and not
 * with '//' or '/\' (both would leave the site). Anything else is ignored.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** `path` with `returnPath` carried along (for links between login and register). */
export function withReturnPath(path: string, returnPath: string | null): string {
  return returnPath ? `${path}?returnPath=${encodeURIComponent(returnPath)}` : path;
}
