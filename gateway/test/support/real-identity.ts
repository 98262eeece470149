import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Routes, type UserDto, type UserRole } from '@rampquote/contracts';
import { startMailCatcher, type MailCatcher } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from '../../../svc-identity/test/support/identity-app';

/** The password of every account made by RealIdentity.account(). */
export const PASSWORD = 'Str0ng#Pass';

/** An account at the real svc-identity: the user as svc-identity gives it to the gateway, and its password. */
export interface TestAccount extends UserDto {
  password: string;
}

/** Accounts at a real svc-identity already listening at `url`. */
export interface IdentityAccounts {
  /** http://127.0.0.1:<port>: the gateway's IDENTITY_URL. */
  url: string;
  service: IdentityTestApp;
  /** svc-identity's own database (to change a user as an admin's action or another replica would). */
  db: DataSource;
  /**
   * A new account with an e-mail of its own, registered through svc-identity's API; on the beta list unless
   * `invited: false`; `role` set in svc-identity's database (registration makes pilots).
   */
  account: (options?: { role?: UserRole; invited?: boolean; emailPrefix?: string }) => Promise<TestAccount>;
  /** The user as svc-identity gives it to the gateway now (GET /internal/users/:id). */
  userNow: (id: string) => Promise<UserDto>;
}

export interface RealIdentity extends IdentityAccounts {
  close: () => Promise<void>;
}

/** Accounts at `service` (svc-identity from its test support, listening at `url`). */
export function identityAccounts(service: IdentityTestApp, url: string): IdentityAccounts {
  const db = service.app.get(DataSource);
  const userNow = async (id: string) => {
    const res = await service.http().get(Routes.internal.userById(id)).use(service.asGateway());
    if (res.status !== 200) throw new Error(`svc-identity ${Routes.internal.userById(id)}: ${res.status} ${res.text}`);
    return res.body as UserDto;
  };
  return {
    url,
    service,
    db,
    userNow,
    account: async ({ role = 'pilot', invited = true, emailPrefix = role } = {}) => {
      const email = `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`;
      const res = await service
        .http()
        .post(Routes.auth.register)
        .use(service.asGateway())
        .send({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });
      if (res.status !== 201) throw new Error(`svc-identity register: ${res.status} ${res.text}`);
      const id = res.body.user.id as string;
      if (invited)
        await db.query(`INSERT INTO beta_invitations (id, kind, value) VALUES (gen_random_uuid(), 'email', $1)`, [
          email,
        ]);
      if (role !== 'pilot') await db.query(`UPDATE users SET role = $2 WHERE id = $1`, [id, role]);
      return { ...(await userNow(id)), password: PASSWORD };
    },
  };
}

/**
 * The real svc-identity for the gateway's tests, started in this process on its own fresh database and exchange
 * (its own test support), listening on 127.0.0.1. Start it once per test file. With `mail: true` its mail goes to a
 * mail catcher of its own (password reset links); otherwise to a port where nothing listens (nothing is read).
 */
export async function startRealIdentity(options?: { mail?: false }): Promise<RealIdentity>;
export async function startRealIdentity(options: { mail: true }): Promise<RealIdentity & { mail: MailCatcher }>;
export async function startRealIdentity({ mail: withMail = false } = {}): Promise<
  RealIdentity & { mail?: MailCatcher }
> {
  const mail = withMail ? await startMailCatcher() : undefined;
  let service: IdentityTestApp;
  try {
    service = await startIdentity({
      SMTP_URL: mail?.smtpUrl ?? 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'http://rampquote.test',
      LOG_LEVEL: 'warn',
    });
  } catch (err) {
    mail?.close();
    throw err;
  }
  const close = async () => {
    try {
      await service.close();
    } finally {
      mail?.close();
    }
  };
  try {
    await service.app.listen(0, '127.0.0.1');
    const url = (await service.app.getUrl()).replace('[::1]', '127.0.0.1');
    return { ...identityAccounts(service, url), ...(mail ? { mail } : {}), close };
  } catch (err) {
    await close();
    throw err;
  }
}
