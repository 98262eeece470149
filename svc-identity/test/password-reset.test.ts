import { DataSource } from 'typeorm';
import { Routes, EventTypes } from '@rampquote/contracts';
import { startMailCatcher, type MailCatcher } from '@rampquote/service-kit/testing';
import { collectEvents, waitFor } from '@rampquote/service-kit/testing';
import { Mailer } from '@rampquote/service-kit';
import { PasswordHasher } from '../src/users/password-hasher.service';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const PASSWORD = 'Str0ng#Pass';
const NEW_PASSWORD = 'N3w#Password';
const SUBJECT = 'Reset your RampQuote password';

describe('forgot and reset password (real PostgreSQL, RabbitMQ and mail catcher)', () => {
  let t: IdentityTestApp;
  let db: DataSource;
  let mail: MailCatcher;
  let userId: string;
  /** Every address the service asked its mailer to write to (asked before the forgot-password call answers). */
  const mailedTo: string[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await startIdentity({ SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'http://rampquote.test:8080' });
    db = t.app.get(DataSource);
    const mailer = t.app.get(Mailer);
    const send = mailer.send.bind(mailer);
    jest.spyOn(mailer, 'send').mockImplementation((message) => {
      mailedTo.push(String(message.to));
      return send(message);
    });
    const res = await t
      .http()
      .post(Routes.auth.register)
      .use(t.asGateway())
      .send({ firstName: 'Rita', lastName: 'Reset', email: 'rita@example.com', password: PASSWORD });
    userId = res.body.user.id;
    await db.query(
      `INSERT INTO beta_invitations (id, kind, value) VALUES (gen_random_uuid(), 'email', 'rita@example.com')`,
    );
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
  });

  const forgot = (email: unknown) => t.http().post(Routes.auth.forgotPassword).use(t.asGateway()).send({ email });
  const reset = (body: object) => t.http().post(Routes.internal.resetPassword).use(t.asGateway()).send(body);
  const verify = (password: string) =>
    t.http().post('/internal/credentials/verify').use(t.asGateway()).send({ email: 'rita@example.com', password });
  const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  async function requestToken(): Promise<string> {
    const before = (await mail.all()).length;
    expect((await forgot('rita@example.com')).status).toBe(200);
    const mails = await waitFor(async () => {
      const all = await mail.all();
      return all.length > before ? all : undefined;
    });
    return tokenOf(mails[mails.length - 1].text)!;
  }

  it('answers a known and an unknown e-mail exactly alike', async () => {
    const known = await forgot('Rita@Example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({
      message: 'If an account exists for this e-mail address, we have sent a link to reset the password.',
    });
  });

  it('mails a link with a 256-bit token to a known address only, and stores only its hash', async () => {
    const message = await mail.waitFor('rita@example.com', SUBJECT);
    expect(message.text).toContain('http://rampquote.test:8080/reset-password?token=');
    const token = tokenOf(message.text)!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // The mailer is asked before forgot-password answers: once both calls answered, no mail to nobody can follow.
    expect(mailedTo).not.toContain('nobody@example.com');
    expect((await mail.all()).filter((m) => m.to[0].address === 'nobody@example.com')).toHaveLength(0);
    const rows: { token_hash: string; expires_at: Date; user_id: string }[] = await db.query(
      'SELECT * FROM password_reset_tokens',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(userId);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = new Date(rows[0].expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
    const outbox: { payload: unknown }[] = await db.query('SELECT payload FROM outbox_events');
    expect(JSON.stringify(outbox)).not.toContain(token);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const res = await forgot('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('refuses a weak password with the rules, without using up the token', async () => {
    const token = await requestToken();
    const res = await reset({ token, password: 'weak' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Password does not meet the password requirements',
      details: [
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'password', message: 'Password must contain at least one uppercase letter' },
        { field: 'password', message: 'Password must contain at least one number' },
        { field: 'password', message: 'Password must contain at least one special character' },
      ],
    });
    expect((await verify(PASSWORD)).body.ok).toBe(true);
  });

  it('refuses an unknown token as invalid or expired', async () => {
    for (const token of ['', 'x'.repeat(43)]) {
      const res = await reset({ token, password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'This password reset link is invalid or expired' });
    }
  });

  it('checks the token before hashing: an unknown, expired or used token costs no argon2 hash, and answers as before', async () => {
    const expired = await requestToken();
    await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const hash = jest.spyOn(t.app.get(PasswordHasher), 'hash');
    try {
      for (const token of ['x'.repeat(43), expired, `${expired}x`]) {
        const res = await reset({ token, password: NEW_PASSWORD });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'This password reset link is invalid or expired' });
      }
      expect(hash).not.toHaveBeenCalled();
      // A valid token is hashed once (the spy sees the real call).
      const token = await requestToken();
      expect((await reset({ token, password: PASSWORD })).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      expect((await verify(PASSWORD)).body.ok).toBe(true);
      const used = await reset({ token, password: NEW_PASSWORD });
      expect(used.status).toBe(400);
      expect(used.body).toEqual({ error: 'This password reset link is invalid or expired' });
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('refuses an expired token', async () => {
    const token = await requestToken();
    await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'This password reset link is invalid or expired' });
  });

  it('sets the new password once: the old one stops working, the token and older links are used up, password-reset and user-access-changed are published', async () => {
    const older = await requestToken();
    const token = await requestToken();
    const events = await collectEvents(t.env.amqpUrl, t.env.exchange, ['password-reset', EventTypes.userAccessChanged]);
    const [{ seq: before }] = await db.query(`SELECT coalesce(max(seq), 0)::int AS seq FROM outbox_events`);
    try {
      const res = await reset({ token, password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userId });
      expect((await verify(NEW_PASSWORD)).body.ok).toBe(true);
      expect((await verify(PASSWORD)).body).toEqual({ ok: false, error: 'invalid_credentials' });
      const [row] = await db.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);

      for (const used of [token, older]) {
        const again = await reset({ token: used, password: 'An0ther#Pass' });
        expect(again.status).toBe(400);
        expect(again.body).toEqual({ error: 'This password reset link is invalid or expired' });
      }
      // Once per reset: the refused attempts above published nothing.
      const published = await db.query(
        `SELECT type, payload->'data' AS data FROM outbox_events WHERE seq > $1 ORDER BY seq`,
        [before],
      );
      expect(published).toEqual([
        { type: 'password-reset', data: { userId } },
        { type: EventTypes.userAccessChanged, data: { userId, change: 'password' } },
      ]);
      await waitFor(() => events.received.length === 2, 15000, 'password-reset and user-access-changed');
      expect(events.received.map((e) => [e.type, e.data])).toEqual(
        expect.arrayContaining([
          ['password-reset', { userId }],
          [EventTypes.userAccessChanged, { userId, change: 'password' }],
        ]),
      );
    } finally {
      await events.close();
    }
  });

  it('only answers the gateway', async () => {
    expect((await t.http().post(Routes.auth.forgotPassword).send({ email: 'rita@example.com' })).status).toBe(401);
    expect(
      (await t.http().post(Routes.internal.resetPassword).send({ token: 'x', password: NEW_PASSWORD })).status,
    ).toBe(401);
  });
});
