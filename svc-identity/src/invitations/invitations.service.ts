import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EventTypes,
  InviteMessages,
  type BetaAccessGrantedData,
  type CreateInviteInput,
  type InviteDto,
  type UserAccessChangedData,
} from '@rampquote/contracts';
import { Outbox, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { IdentityConfig } from '../config';
import type { InvitationKind } from './beta-invitation.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface InvitationRow {
  id: string;
  kind: InvitationKind;
  value: string;
  created_at: Date;
}

const toDto = (row: InvitationRow): InviteDto => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * The beta rule: a user may log in only when their e-mail or its domain is invited, or BETA_OPEN=true.
 * Admins manage the list; inviting registered users who could not log in until then publishes
 * `beta-access-granted` for each of them (in the same transaction), and svc-identity mails them. Removing an
 * invitation publishes `user-access-changed` (`access-revoked`) for each registered user it let in and no other
 * invitation covers, so the gateway ends their sessions.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly outbox: Outbox,
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

  /** Adds an invitation (idempotent; no mail). Used by the development seed. */
  async invite(kind: InvitationKind, value: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO beta_invitations (id, kind, value) VALUES ($1, $2, $3) ON CONFLICT (kind, value) DO NOTHING`,
      [randomUUID(), kind, value.trim().toLowerCase()],
    );
  }

  /** Newest first. */
  async list(): Promise<InviteDto[]> {
    const rows: InvitationRow[] = await this.dataSource.query(
      `SELECT id, kind, value, created_at FROM beta_invitations ORDER BY created_at DESC, value`,
    );
    return rows.map(toDto);
  }

  /**
   * POST /api/admin/invites. Registered users the new invitation lets in (and who were not invited before) get
   * `beta-access-granted`: for an e-mail, that user; for a domain, every registered user of the domain.
   */
  async create(parsed: CreateInviteInput): Promise<InviteDto> {
    return this.dataSource.transaction(async (manager) => {
      // Serialise invitation changes so that two admins inviting overlapping values mail each user once.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('beta_invitations'))`);
      const newlyAdmitted: { id: string; email: string; first_name: string }[] = await manager.query(
        `SELECT u.id, u.email, u.first_name FROM users u
          WHERE ${parsed.kind === 'email' ? 'u.email = $1' : `split_part(u.email, '@', 2) = $1`}
            AND NOT EXISTS (SELECT 1 FROM beta_invitations b
                             WHERE (b.kind = 'email' AND b.value = u.email) OR (b.kind = 'domain' AND b.value = split_part(u.email, '@', 2)))`,
        [parsed.value],
      );
      const inserted: InvitationRow[] = await manager.query(
        `INSERT INTO beta_invitations (id, kind, value) VALUES ($1, $2, $3) ON CONFLICT (kind, value) DO NOTHING RETURNING id, kind, value, created_at`,
        [randomUUID(), parsed.kind, parsed.value],
      );
      if (!inserted.length) throw new ConflictException({ error: InviteMessages.alreadyInvited });
      for (const user of newlyAdmitted) {
        const data: BetaAccessGrantedData = { userId: user.id, email: user.email, firstName: user.first_name };
        await this.outbox.add(manager, EventTypes.betaAccessGranted, data);
      }
      return toDto(inserted[0]);
    });
  }

  /**
   * DELETE /api/admin/invites/:id. Every registered user the invitation covered who is no longer covered by another
   * invitation (e-mail or domain) and is not an admin loses access: one `user-access-changed` (`access-revoked`)
   * each, in the transaction of the removal. With BETA_OPEN everyone may log in, so nobody loses access.
   */
  async remove(id: string): Promise<void> {
    if (!UUID.test(id)) throw new NotFoundException({ error: InviteMessages.notFound });
    await this.dataSource.transaction(async (manager) => {
      // Serialised with create(): an invitation added at the same time is seen (or not) as a whole.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('beta_invitations'))`);
      const [deleted]: [InvitationRow[], number] = await manager.query(
        `DELETE FROM beta_invitations WHERE id = $1 RETURNING id, kind, value, created_at`,
        [id],
      );
      if (!deleted.length) throw new NotFoundException({ error: InviteMessages.notFound });
      if (this.config.BETA_OPEN) return;
      const removed = deleted[0];
      const revoked: { id: string }[] = await manager.query(
        `SELECT u.id FROM users u
          WHERE ${removed.kind === 'email' ? 'u.email = $1' : `split_part(u.email, '@', 2) = $1`}
            AND u.role <> 'admin'
            AND NOT EXISTS (SELECT 1 FROM beta_invitations b
                             WHERE (b.kind = 'email' AND b.value = u.email) OR (b.kind = 'domain' AND b.value = split_part(u.email, '@', 2)))
          ORDER BY u.id`,
        [removed.value],
      );
      for (const user of revoked) {
        const data: UserAccessChangedData = { userId: user.id, change: 'access-revoked' };
        await this.outbox.add(manager, EventTypes.userAccessChanged, data);
      }
    });
  }
}
