import { Injectable } from '@nestjs/common';
import type { LoginRequest, VerifyCredentialsResponse } from '@rampquote/contracts';
import { InvitationsService } from '../invitations/invitations.service';
import { PasswordHasher } from '../users/password-hasher.service';
import { UsersService } from '../users/users.service';

/**
 * The gateway's login check. Unknown e-mail and wrong password answer identically (and an unknown
 * e-mail still costs one argon2 verification); a right password of someone not invited gets
 * `beta_access_required`. A right password whose hash was made with older parameters is hashed again with the
 * current ones (PasswordHasher): the same password, so no session ends and nothing else changes.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly hasher: PasswordHasher,
  ) {}

  /** The body has passed loginRequestSchema; e-mail addresses are stored lowercase. */
  async verify({ email, password }: Pick<LoginRequest, 'email' | 'password'>): Promise<VerifyCredentialsResponse> {
    const user = await this.users.findByEmail(email.toLowerCase());
    const matches = user
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyAgainstNothing(password);
    if (!user || !matches) return { ok: false, error: 'invalid_credentials' };
    if (this.hasher.needsRehash(user.passwordHash))
      await this.users.replacePasswordHash(user, await this.hasher.hash(password));
    if (!(await this.invitations.mayLogIn(user.email))) return { ok: false, error: 'beta_access_required' };
    return { ok: true, user: this.users.toDto(user) };
  }
}
