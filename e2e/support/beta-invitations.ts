import { Client } from 'pg';

/**
 * Puts an e-mail on the beta invitation list, as an admin does (the admin screen for it comes with the
 * accounts issue). Writes to svc-identity's own database, which only a test may do.
 */
export async function inviteEmail(email: string): Promise<void> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
  server.pathname = '/rampquote_identity';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO beta_invitations (kind, value) VALUES ('email', $1) ON CONFLICT DO NOTHING`,
      [email.toLowerCase()],
    );
  } finally {
    await client.end();
  }
}

export function uniqueEmail(prefix = 'pilot'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.rampquote.test`;
}
