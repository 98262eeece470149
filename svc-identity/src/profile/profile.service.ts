import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PROFILE_EDITABLE_FIELDS, type ProfileDto, type ProfilePatchInput } from '@rampquote/contracts';
import { SubscriptionsService, type ProfileSubscriptionFields } from '../subscriptions/subscriptions.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

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
  ) {}

  async get(userId: string): Promise<ProfileDto> {
    const [user, subscription] = await Promise.all([this.load(userId), this.subscriptions.profileFields(userId)]);
    return this.toDto(user, subscription);
  }

  /**
   * PATCH (profilePatchSchema) and PUT (the client profile form, clientProfileRequestSchema): saves the editable
   * fields the body carried; other keys (the e-mail of the PUT form among them) are never changed.
   */
  async apply(userId: string, patch: ProfilePatchInput): Promise<ProfileDto> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.getRepository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
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
    });
  }

  private async load(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException({ error: 'User not found' });
    return user;
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
