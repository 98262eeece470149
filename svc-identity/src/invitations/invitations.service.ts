import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVICE_CONFIG } from '@rampquote/service-kit';
import type { IdentityConfig } from '../config';
import type { InvitationKind } from './beta-invitation.entity';

/**
 * The beta rule: a user may log in only when their e-mail or its domain is invited, or BETA_OPEN=true.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async mayLogIn(email: string, manager?: EntityManager): Promise<boolean> {
    return this.config.BETA_OPEN || this.isInvited(email, manager);
  }

  async isInvited(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const address = email.trim().toLowerCase();
    const domain = address.slice(address.lastIndexOf('@') + 1);
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM beta_invitations WHERE (kind = 'email' AND value = $1) OR (kind = 'domain' AND value = $2) LIMIT 1`,
      [address, domain],
    );
    return rows.length > 0;
  }

  /** Adds an invitation (idempotent). */
  async invite(kind: InvitationKind, value: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO beta_invitations (id, kind, value) VALUES ($1, $2, $3) ON CONFLICT (kind, value) DO NOTHING`,
      [randomUUID(), kind, value.trim().toLowerCase()],
    );
  }
}
