import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  EventTypes,
  PASSWORD_RESET_TTL_MS,
  PasswordResetMessages,
  type InternalResetPasswordResponse,
  type PasswordResetData,
  type ResetPasswordInput,
  type UserAccessChangedData,
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

  /** `email` has passed forgotPasswordSchema (valid, lowercased). */
  async forgot(email: string): Promise<{ message: string }> {
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

  /**
   * The gateway's internal call: sets the new password, uses up the token (and every other of the user). The
   * password has passed resetPasswordSchema; a missing, empty or unknown token is "invalid or expired".
   * The token is checked before the new password is hashed, so an invalid token never costs an argon2 hash (nor
   * holds a row lock while one runs); it is checked again, locked, in the transaction that uses it up, so two
   * resets with one token cannot both succeed. Publishes `password-reset` and `user-access-changed` (`password`:
   * the gateway ends the user's sessions) in that transaction.
   */
  async reset({ token, password }: ResetPasswordInput): Promise<InternalResetPasswordResponse> {
    if (!token || token.length > 200) throw new BadRequestException(INVALID);
    const tokenHash = hashResetToken(token);
    const usable = (lock: string) =>
      `SELECT id, user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock}`;
    const found: unknown[] = await this.dataSource.query(usable(''), [tokenHash]);
    if (!found.length) throw new BadRequestException(INVALID);
    const passwordHash = await this.hasher.hash(password);
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: string; user_id: string }[] = await manager.query(usable(' FOR UPDATE'), [tokenHash]);
      if (!rows.length) throw new BadRequestException(INVALID);
      const userId = rows[0].user_id;
      await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
        userId,
        passwordHash,
      ]);
      await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
        userId,
      ]);
      const data: PasswordResetData = { userId };
      await this.outbox.add(manager, EventTypes.passwordReset, data);
      const accessChanged: UserAccessChangedData = { userId, change: 'password' };
      await this.outbox.add(manager, EventTypes.userAccessChanged, accessChanged);
      return { userId };
    });
  }
}
