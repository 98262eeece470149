/**
 * The opaque cursor of a keyset-paged list: the last row's created_at (UTC, microseconds, as `listCursorColumn`
 * writes it) and id, base64url.
 */
export function encodeListCursor(raw: string): string {
  return Buffer.from(raw, 'utf8').toString('base64url');
}

/** The SQL that writes a row's raw cursor from its created_at and id columns. */
export const listCursorColumn = (createdAt: string, id: string) =>
  `to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${id}`;

/** The row a cursor names, or null when it is not one this service wrote. */
export function decodeListCursor(cursor: string): { createdAt: string; id: string } | null {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const m =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      raw,
    );
  return m && !Number.isNaN(Date.parse(m[1])) ? { createdAt: m[1], id: m[2] } : null;
}
