import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PROFILE_EDITABLE_FIELDS, type ProfileDto, type ProfilePatchInput } from '@rampquote/contracts';
import { preparedQuery } from '@rampquote/service-kit';
import {
  subscriptionProfileFields,
  SubscriptionsService,
  type ProfileSubscriptionFields,
} from '../subscriptions/subscriptions.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { ProfileCache } from './profile-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user and their subscription copy (turned into the profile's fields by subscriptionProfileFields). */
const PROFILE_STATEMENT = {
  name: 'identity_profile_get',
  text: `
  SELECT u.id, u.username, u.email, u.role, u.first_name, u.last_name, u.company_name, u.profile,
         s.active AS subscription_active, s.plan_name AS subscription_plan_name, s.current_period_end AS subscription_period_end
    FROM users u
    LEFT JOIN user_subscriptions s ON s.user_id = u.id
   WHERE u.id = $1`,
};

export interface ProfileRow {
  id: string;
  username: string;
  email: string;
  role: User['role'];
  first_name: string;
  last_name: string;
  company_name: string | null;
  profile: Record<string, string | null> | null;
  subscription_active: boolean | null;
  subscription_plan_name: string | null;
  subscription_period_end: Date | null;
}

/** Fields kept in their own columns; every other editable field lives in users.profile (jsonb). */
const COLUMN_FIELDS = new Set(['firstName', 'lastName', 'companyName']);

/**
 * GET, PATCH and PUT /api/user/profile (spec sections 3 and 5). The subscription fields come from svc-identity's copy
 * of the user's subscription (kept from svc-billing's `subscription-changed`).
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly subscriptions: SubscriptionsService,
    private readonly rows: ProfileCache,
  ) {}

  /**
   * GET: the user with their subscription in one prepared statement (read on every page of a signed-in user: one
   * round trip and no query building, instead of two TypeORM lookups), kept by this replica's ProfileCache while
   * the database announces no change of them.
   */
  async get(userId: string): Promise<ProfileDto> {
    if (!UUID.test(userId)) throw new NotFoundException({ error: 'User not found' });
    const row = await this.rows.read(
      userId,
      async () => (await preparedQuery<ProfileRow>(this.dataSource, PROFILE_STATEMENT, [userId]))[0] ?? null,
    );
    if (!row) throw new NotFoundException({ error: 'User not found' });
    const user = {
      id: row.id,
      username: row.username,
      email: row.email,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      companyName: row.company_name,
      profile: row.profile,
    } as User;
    // The copy's columns are NOT NULL: they are null here only when the user has no copy (the LEFT JOIN).
    const subscription = subscriptionProfileFields(
      row.subscription_active === null
        ? null
        : {
            active: row.subscription_active,
            planName: row.subscription_plan_name!,
            currentPeriodEnd: row.subscription_period_end!,
          },
    );
    return this.toDto(user, subscription);
  }

  /**
   * PATCH (profilePatchSchema) and PUT (the client profile form, clientProfileRequestSchema): saves the editable
   * fields the body carried; other keys (the e-mail of the PUT form among them) are never changed.
   */
  async apply(userId: string, patch: ProfilePatchInput): Promise<ProfileDto> {
    // Once it is over, this replica's next read of the profile reads it again.
    return this.dataSource
      .transaction(async (manager) => {
        const user = await manager
          .getRepository(User)
          .findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!user) throw new NotFoundException({ error: 'User not found' });
        const profile = { ...(user.profile ?? {}) };
        for (const field of PROFILE_EDITABLE_FIELDS) {
          if (!(field in patch)) continue;
          const value = patch[field] ?? null;
          if (field === 'firstName' || field === 'lastName') user[field] = value as string;
          else if (field === 'companyName') user.companyName = value;
          else profile[field] = value;
        }
        user.profile = profile;
        await manager.getRepository(User).save(user);
        return this.toDto(user, await this.subscriptions.profileFields(userId, manager));
      })
      .finally(() => this.rows.forget(userId));
  }

  toDto(user: User, subscription: ProfileSubscriptionFields): ProfileDto {
    const profile = user.profile ?? {};
    const extra: Record<string, string | null> = {};
    for (const field of PROFILE_EDITABLE_FIELDS) if (!COLUMN_FIELDS.has(field)) extra[field] = profile[field] ?? null;
    return {
      ...this.users.toDto(user),
      ...extra,
      preferredUnits: profile.preferredUnits === 'Metric' ? 'Metric' : 'Standard',
      ...subscription,
    } as ProfileDto;
  }
}
