import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { UserDto } from '@rampquote/contracts';
import { User } from './user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    const repo = manager ? manager.getRepository(User) : this.users;
    return repo.findOne({ where: { email: email.trim().toLowerCase() } });
  }

  async findById(id: string): Promise<User | null> {
    if (!UUID.test(id)) return null;
    return this.users.findOne({ where: { id } });
  }

  /**
   * Stores a new hash of the same password (a rehash with current parameters). Only over the hash it replaces: a
   * password changed meanwhile is never overwritten. Not a password change: nothing else is touched.
   */
  async replacePasswordHash(user: Pick<User, 'id' | 'passwordHash'>, passwordHash: string): Promise<void> {
    await this.users.query(`UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [
      passwordHash,
      user.id,
      user.passwordHash,
    ]);
  }

  /**
   * The e-mail's local part (lowercase letters, digits, dot, dash, underscore), made unique with a
   * numeric suffix: `jane`, then `jane2`, `jane3`, ...
   */
  async uniqueUsername(email: string, manager: EntityManager): Promise<string> {
    const base = usernameBase(email);
    const rows: { username: string }[] = await manager.query(
      `SELECT username FROM users WHERE username = $1 OR username ~ ('^' || $2 || '[0-9]+$')`,
      [base, base.replace(/\./g, '\\.')],
    );
    const taken = new Set(rows.map((r) => r.username));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  }

  toDto(user: User): UserDto {
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
    };
  }
}

export function usernameBase(email: string): string {
  const local = email.split('@')[0].toLowerCase().split('+')[0];
  const cleaned = local
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|(?<![._-])[._-]+$/g, '')
    .slice(0, 40);
  return cleaned || 'user';
}
