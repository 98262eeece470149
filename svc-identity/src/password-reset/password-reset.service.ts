import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AccountEventTypes,
  EMAIL_PATTERN,
  failedPasswordRules,
  PASSWORD_RESET_TTL_MS,
  PasswordResetMessages,
  ValidationMessages,
  type InternalResetPasswordResponse,
  type PasswordResetData,
} from '@rampquote/contracts';
import { Mailer, Outbox, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { IdentityConfig } from '../config';
import { PasswordHasher } from '../users/password-hasher.service';
import { UsersService } from '../users/users.service';
import { PasswordResetToken } from './password-reset-token.entity';

/** SHA-256 of the token: the token is 256 random bits, so a fast hash is enough (nothing to brute-force). */
export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const INVALID = { error: PasswordResetMessages.invalidOrExpired };

/**
 * Password recovery. Forgot-password answers the same for every valid e-mail; for a registered one it stores
 * the hash of a fresh 256-bit token and mails the link after the commit (not awaited, so known and unknown
 * addresses answer alike; a lost mail is recovered by asking again — the raw token never touches the outbox).
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly outbox: Outbox,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async forgot(body: unknown): Promise<{ message: string }> {
    const raw = (body as { email?: unknown } | null)?.email;
    const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (!EMAIL_PATTERN.test(email) || email.length > 254) {
      throw new BadRequestException({ error: 'Invalid request data', details: [{ field: 'email', message: ValidationMessages.email }] });
    }
    const user = await this.users.findByEmail(email);
    if (user) {
      const token = randomBytes(32).toString('base64url');
      await this.dataSource.getRepository(PasswordResetToken).insert({
        id: randomUUID(),
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
        usedAt: null,
      });
      const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, this.config.PUBLIC_URL).toString();
      void this.mailer
        .send({
          to: user.email,
          subject: PasswordResetMessages.mailSubject,
          text:
            `Hello ${user.firstName},\n\nSomeone (hopefully you) asked to reset your RampQuote password. ` +
            `Open this link within one hour to choose a new one:\n${link}\n\n` +
            `If you did not ask for it, ignore this e-mail: your password stays as it is.\n\nThe RampQuote team`,
        })
        .catch((err: unknown) => this.logger.error(`reset mail to user ${user.id} failed: ${(err as Error).message}`));
    }
    return { message: PasswordResetMessages.forgotAccepted };
  }

  /** The gateway's internal call: sets the new password, uses up the token (and every other of the user). */
  async reset(body: unknown): Promise<InternalResetPasswordResponse> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const token = typeof input.token === 'string' ? input.token : '';
    const password = typeof input.password === 'string' ? input.password : '';
    const failed = failedPasswordRules(password);
    if (failed.length || password.length > 256) {
      const details = failed.map((r) => ({ field: 'password', message: r.message }));
      if (password.length > 256) details.push({ field: 'password', message: 'Password must be at most 256 characters' });
      throw new BadRequestException({ error: PasswordResetMessages.requirementsNotMet, details });
    }
    if (!token || token.length > 200) throw new BadRequestException(INVALID);
    const passwordHash = await this.hasher.hash(password);
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: string; user_id: string }[] = await manager.query(
        `SELECT id, user_id FROM password_reset_tokens
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
        [hashResetToken(token)],
      );
      if (!rows.length) throw new BadRequestException(INVALID);
      const userId = rows[0].user_id;
      await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, passwordHash]);
      await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      const data: PasswordResetData = { userId };
      await this.outbox.add(manager, AccountEventTypes.passwordReset, data);
      return { userId };
    });
  }
}
