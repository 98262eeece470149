import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id at OWASP's baseline memory and passes (Password Storage Cheat Sheet: 19 MiB of memory, 2 passes; RFC 9106
 * leaves the choice to the hardware's budget). The library's default (64 MiB, 3 passes, 4 lanes) cost 210 ms of CPU
 * per sign-in on both cores of this 2-core machine at once, a third of the whole system's CPU under `bench:load`, and
 * every other request waited behind it. These cost about 20 ms of CPU per hash whatever the lanes; 2 lanes (RFC 9106
 * recommends 4) fill the same 19 MiB on two threads, so a sign-in waits about 10 ms for its check instead of 19 ms
 * (measured on this machine, idle). Lanes split the memory, they do not shrink it: an attacker's memory and work per
 * guess stay those of OWASP's baseline. A hash made with other parameters (an older one, with 1 lane) still
 * verifies, and is made again with these at its owner's next sign-in (CredentialsService).
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 2,
} as const;

/** argon2id hashing; `verifyAgainstNothing` spends the same work when there is no user to check. */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, PASSWORD_HASH_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** The hash was made with other parameters than PASSWORD_HASH_OPTIONS (or is not one this hasher can read). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
    } catch {
      return true;
    }
  }

  /** Same cost as a real verification, always false: unknown e-mails answer in the same time. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
