import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventTypes, type UserRegisteredData, type UserRole } from '@rampquote/contracts';
import { Outbox, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { IdentityConfig } from '../config';
import { InvitationsService } from '../invitations/invitations.service';
import { PasswordHasher } from '../users/password-hasher.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

/**
 * ARCHITECTURE section 7: the demo accounts, all invited. Never created outside development. The FBO account is the
 * staff of svc-airports's demo FBO "Demo FBO Seattle Jet Center" (same e-mail): its portal inbox shows that FBO's
 * requests. Each account is created when its e-mail has no user yet, so one added here later appears on an existing
 * development database at the next start, and an existing account is left as it is.
 */
export const DEV_SEED_PASSWORD = 'RampQuote#2026';
export const DEV_SEED_ACCOUNTS: { email: string; role: UserRole; firstName: string; lastName: string }[] = [
  { email: 'admin@rampquote.dev', role: 'admin', firstName: 'Ada', lastName: 'Admin' },
  { email: 'pilot@rampquote.dev', role: 'pilot', firstName: 'Pat', lastName: 'Pilot' },
  { email: 'demo-fbo-ksea-1@example.com', role: 'fbo', firstName: 'Seattle', lastName: 'Jet Center' },
];

@Injectable()
export class DevSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DevSeed');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NODE_ENV === 'development') await this.seed();
  }

  /** Creates the missing demo accounts and their invitations (idempotent). */
  async seed(): Promise<string[]> {
    const created: string[] = [];
    for (const account of DEV_SEED_ACCOUNTS) {
      await this.invitations.invite('email', account.email);
      if (await this.users.findByEmail(account.email)) continue;
      const passwordHash = await this.hasher.hash(DEV_SEED_PASSWORD);
      await this.dataSource.transaction(async (manager) => {
        const user = manager.create(User, {
          id: randomUUID(),
          username: await this.users.uniqueUsername(account.email, manager),
          email: account.email,
          passwordHash,
          role: account.role,
          firstName: account.firstName,
          lastName: account.lastName,
          companyName: null,
          aircraftProfileName: null,
        });
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(User)
          .values(user)
          .orIgnore()
          .returning('id')
          .execute();
        if (!inserted.raw.length) return; // another instance seeded it first
        const data: UserRegisteredData = {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          companyName: null,
          aircraftProfileName: null,
          invited: true,
        };
        await this.outbox.add(manager, EventTypes.userRegistered, data);
        created.push(account.email);
      });
    }
    if (created.length) this.logger.log(`development accounts created: ${created.join(', ')}`);
    return created;
  }
}
