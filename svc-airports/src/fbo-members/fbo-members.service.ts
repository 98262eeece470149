import { createHash, randomBytes } from 'node:crypto';
import {
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EventTypes,
  FBO_CLAIM_PAGE,
  FBO_CLAIM_TTL_MS,
  FboMemberMessages,
  type AddFboMemberInput,
  type AddFboMemberResponse,
  type FboClaimConfirmResponse,
  type FboClaimResponse,
  type FboMemberDto,
  type FboMemberListResponse,
  type FboMemberRole,
  type FboMembershipChangedData,
  type FboMembershipDto,
} from '@rampquote/contracts';
import { Mailer, Outbox, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { AirportsConfig } from '../config';
import { IdentityLookups } from './identity-lookups';

/** Who asks: the signed-in user, and whether they are an admin (an admin may act on any FBO). */
export interface Actor {
  userId: string;
  email: string;
  admin: boolean;
}

/** Claim mails one user may ask for per hour (each goes to an FBO's listed address). */
export const CLAIMS_PER_HOUR = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const fboNotFound = () => new NotFoundException({ error: FboMemberMessages.fboNotFound });
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: FboMemberRole;
  added_by: string | null;
  added_at: Date;
}
const MEMBER_COLUMNS = 'user_id, email, name, role, added_by, added_at';
const toMember = (row: MemberRow): FboMemberDto => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  role: row.role,
  addedBy: row.added_by,
  addedAt: new Date(row.added_at).toISOString(),
});

interface FboRow {
  id: string;
  name: string;
  email: string | null;
  active: boolean;
  airport_identifier: string;
  airport_name: string;
}

/**
 * FBO membership, the one source of FBO rights: the members of an FBO (added by an admin, or by a manager of that
 * FBO), the claim links mailed to an FBO's listed address, and the FBOs a user belongs to. Every change is written
 * with its `fbo-membership-changed` event in one transaction.
 */
@Injectable()
export class FboMembersService {
  private readonly logger = new Logger('FboMembers');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly identity: IdentityLookups,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: AirportsConfig,
  ) {}

  private async fbo(id: string, manager: EntityManager = this.dataSource.manager): Promise<FboRow> {
    if (!UUID.test(id)) throw fboNotFound();
    const [row]: FboRow[] = await manager.query(
      `SELECT f.id, f.name, f.email, f.active, a.identifier AS airport_identifier, a.name AS airport_name
         FROM fbos f JOIN airports a ON a.id = f.airport_id WHERE f.id = $1`,
      [id],
    );
    if (!row) throw fboNotFound();
    return row;
  }

  private async roleOf(fboId: string, userId: string): Promise<FboMemberRole | null> {
    const [row]: { role: FboMemberRole }[] = await this.dataSource.query(
      `SELECT role FROM fbo_members WHERE fbo_id = $1 AND user_id = $2`,
      [fboId, userId],
    );
    return row?.role ?? null;
  }

  /** An admin, or a member of the FBO (a manager when `managerOnly`); someone else sees no such FBO (404). */
  private async mayActOn(fboId: string, actor: Actor, managerOnly: boolean): Promise<void> {
    if (actor.admin) return;
    const role = await this.roleOf(fboId, actor.userId);
    if (!role) throw fboNotFound();
    if (managerOnly && role !== 'manager') throw new ForbiddenException({ error: FboMemberMessages.managersOnly });
  }

  private event(manager: EntityManager, data: FboMembershipChangedData) {
    return this.outbox.add(manager, EventTypes.fboMembershipChanged, data);
  }

  async list(fboId: string, actor: Actor): Promise<FboMemberListResponse> {
    const fbo = await this.fbo(fboId);
    await this.mayActOn(fbo.id, actor, false);
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS} FROM fbo_members WHERE fbo_id = $1 ORDER BY role, lower(email)`,
      [fbo.id],
    );
    return { fbo: { id: fbo.id, name: fbo.name }, members: rows.map(toMember) };
  }

  /**
   * Adds the account of an e-mail. An e-mail without an account: an admin's request invites it to register (it
   * becomes a member only when added again once the account exists: registering with an FBO's address proves
   * nothing); a manager's is refused.
   */
  async add(fboId: string, input: AddFboMemberInput, actor: Actor): Promise<AddFboMemberResponse> {
    const fbo = await this.fbo(fboId);
    await this.mayActOn(fbo.id, actor, true);
    const user = await this.identity.userByEmail(input.email);
    if (!user) {
      if (!actor.admin) throw new NotFoundException({ error: FboMemberMessages.noAccount(input.email) });
      await this.identity.invite(input.email);
      return { status: 'invited', email: input.email, message: FboMemberMessages.invited(input.email) };
    }
    const name = `${user.firstName} ${user.lastName}`.trim();
    return this.dataSource.transaction(async (manager) => {
      const rows: MemberRow[] = await manager.query(
        `INSERT INTO fbo_members (fbo_id, user_id, role, email, name, added_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (fbo_id, user_id) DO NOTHING RETURNING ${MEMBER_COLUMNS}`,
        [fbo.id, user.id, input.role, user.email, name, actor.userId],
      );
      if (!rows.length) throw new ConflictException({ error: FboMemberMessages.alreadyMember });
      await this.event(manager, {
        fboId: fbo.id,
        fboName: fbo.name,
        userId: user.id,
        change: 'added',
        role: input.role,
        byUserId: actor.userId,
      });
      return { status: 'added' as const, member: toMember(rows[0]) };
    });
  }

  /** Removes a member; an FBO keeps at least one manager unless an admin removes it. */
  async remove(fboId: string, userId: string, actor: Actor): Promise<void> {
    const fbo = await this.fbo(fboId);
    await this.mayActOn(fbo.id, actor, true);
    if (!UUID.test(userId)) throw new NotFoundException({ error: FboMemberMessages.memberNotFound });
    await this.dataSource.transaction(async (manager) => {
      // All of the FBO's members locked: two managers removing each other cannot both succeed.
      const members: { user_id: string; role: FboMemberRole }[] = await manager.query(
        `SELECT user_id, role FROM fbo_members WHERE fbo_id = $1 ORDER BY user_id FOR UPDATE`,
        [fbo.id],
      );
      const target = members.find((m) => m.user_id === userId.toLowerCase());
      if (!target) throw new NotFoundException({ error: FboMemberMessages.memberNotFound });
      const managers = members.filter((m) => m.role === 'manager').length;
      if (target.role === 'manager' && managers <= 1 && !actor.admin)
        throw new ConflictException({ error: FboMemberMessages.lastManager });
      await manager.query(`DELETE FROM fbo_members WHERE fbo_id = $1 AND user_id = $2`, [fbo.id, target.user_id]);
      await this.event(manager, {
        fboId: fbo.id,
        fboName: fbo.name,
        userId: target.user_id,
        change: 'removed',
        role: target.role,
        byUserId: actor.userId,
      });
    });
  }

  /** The FBOs a user belongs to, by name. */
  async membershipsOf(userId: string): Promise<FboMembershipDto[]> {
    if (!UUID.test(userId)) return [];
    const rows: { fbo_id: string; fbo_name: string; identifier: string; airport_name: string; role: FboMemberRole }[] =
      await this.dataSource.query(
        `SELECT f.id AS fbo_id, f.name AS fbo_name, a.identifier, a.name AS airport_name, m.role
           FROM fbo_members m JOIN fbos f ON f.id = m.fbo_id JOIN airports a ON a.id = f.airport_id
          WHERE m.user_id = $1 ORDER BY f.name, f.id`,
        [userId],
      );
    return rows.map((r) => ({
      fboId: r.fbo_id,
      fboName: r.fbo_name,
      airport: { identifier: r.identifier, name: r.airport_name },
      role: r.role,
    }));
  }

  /**
   * Mails a one-time link to the FBO's listed address (never to one the user typed): 256 random bits, only their
   * SHA-256 hash stored, valid FBO_CLAIM_TTL_MS. The claim is kept only when the mail went out.
   */
  async claim(fboId: string, actor: Actor): Promise<FboClaimResponse> {
    const fbo = await this.fbo(fboId);
    if (!fbo.active) throw fboNotFound();
    const address = fbo.email?.trim();
    if (!address) throw new ConflictException({ error: FboMemberMessages.claimNoAddress });
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM fbo_claims WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
      [actor.userId],
    );
    if (count >= CLAIMS_PER_HOUR)
      throw new HttpException({ error: 'Too many claim links. Please wait an hour and try again.' }, 429);
    const token = randomBytes(32).toString('base64url');
    const [claim]: { id: string }[] = await this.dataSource.query(
      `INSERT INTO fbo_claims (fbo_id, user_id, user_email, token_hash, sent_to, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
      [fbo.id, actor.userId, actor.email, hashToken(token), address, FBO_CLAIM_TTL_MS / 1000],
    );
    const link = new URL(`${FBO_CLAIM_PAGE}/${token}`, this.config.PUBLIC_URL).toString();
    try {
      await this.mailer.send({
        to: address,
        subject: FboMemberMessages.claimMailSubject,
        text:
          `Hello ${fbo.name},\n\n${actor.email} asked to manage ${fbo.name} (${fbo.airport_identifier}) on RampQuote: ` +
          `they would see and answer the quote requests pilots send you, and add your staff.\n\n` +
          `If that is right, the person signed in as ${actor.email} opens this link within 24 hours:\n${link}\n\n` +
          `If you do not know them, ignore this e-mail: nothing changes.\n\nThe RampQuote team`,
      });
    } catch (err) {
      await this.dataSource.query(`DELETE FROM fbo_claims WHERE id = $1`, [claim.id]);
      this.logger.error(`claim mail for FBO ${fbo.id} failed: ${(err as Error).message}`);
      throw new ServiceUnavailableException({
        error: 'Service unavailable',
        details: [{ message: 'The e-mail could not be sent. Please try again shortly.' }],
      });
    }
    return { message: FboMemberMessages.claimSent, fbo: { id: fbo.id, name: fbo.name } };
  }

  /** Uses a claim link: the user who asked for it (and only they) becomes the FBO's manager. */
  async confirm(token: string, actor: Actor): Promise<FboClaimConfirmResponse> {
    if (!TOKEN.test(token)) throw new NotFoundException({ error: FboMemberMessages.claimUnknown });
    return this.dataSource.transaction(async (manager) => {
      const [claim]: { id: string; fbo_id: string; user_id: string; expired: boolean; used_at: Date | null }[] =
        await manager.query(
          `SELECT id, fbo_id, user_id, used_at, expires_at <= now() AS expired FROM fbo_claims
            WHERE token_hash = $1 FOR UPDATE`,
          [hashToken(token)],
        );
      if (!claim) throw new NotFoundException({ error: FboMemberMessages.claimUnknown });
      if (claim.user_id !== actor.userId) throw new ForbiddenException({ error: FboMemberMessages.claimOtherAccount });
      if (claim.used_at) throw new GoneException({ error: FboMemberMessages.claimUsed });
      if (claim.expired) throw new GoneException({ error: FboMemberMessages.claimExpired });
      const fbo = await this.fbo(claim.fbo_id, manager);
      await manager.query(`UPDATE fbo_claims SET used_at = now() WHERE id = $1`, [claim.id]);
      const name = await this.nameOf(actor.email);
      await manager.query(
        `INSERT INTO fbo_members (fbo_id, user_id, role, email, name, added_by) VALUES ($1, $2, 'manager', $3, $4, NULL)
         ON CONFLICT (fbo_id, user_id) DO UPDATE SET role = 'manager'`,
        [fbo.id, actor.userId, actor.email, name],
      );
      await this.event(manager, {
        fboId: fbo.id,
        fboName: fbo.name,
        userId: actor.userId,
        change: 'added',
        role: 'manager',
        byUserId: null,
      });
      return {
        membership: {
          fboId: fbo.id,
          fboName: fbo.name,
          airport: { identifier: fbo.airport_identifier, name: fbo.airport_name },
          role: 'manager' as const,
        },
      };
    });
  }

  /** The account's name for the team list ('' when svc-identity cannot say). */
  private async nameOf(email: string): Promise<string> {
    try {
      const user = await this.identity.userByEmail(email);
      return user ? `${user.firstName} ${user.lastName}`.trim() : '';
    } catch {
      return '';
    }
  }
}
