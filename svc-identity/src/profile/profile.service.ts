import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  clientProfileErrors,
  PROFILE_EDITABLE_FIELDS,
  ProfileMessages,
  validateProfilePatch,
  type ProfileDto,
  type ProfilePatch,
} from '@rampquote/contracts';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

/** Fields kept in their own columns; every other editable field lives in users.profile (jsonb). */
const COLUMN_FIELDS = new Set(['firstName', 'lastName', 'companyName']);

/** GET, PATCH and PUT /api/user/profile (spec sections 3 and 5). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async get(userId: string): Promise<ProfileDto> {
    return this.toDto(await this.load(userId));
  }

  /** PATCH: the changed fields only. */
  async patch(userId: string, body: unknown): Promise<ProfileDto> {
    const result = validateProfilePatch(body);
    if (!result.ok) throw new BadRequestException({ error: ProfileMessages.invalidRequest, details: result.details });
    return this.apply(userId, result.value);
  }

  /** PUT: the client profile form, with its required fields (the e-mail is checked but cannot be changed). */
  async replace(userId: string, body: unknown, today = new Date().toISOString().slice(0, 10)): Promise<ProfileDto> {
    const required = clientProfileErrors(body, today);
    const result = validateProfilePatch(body);
    const details = [...required, ...(result.ok ? [] : result.details.filter((d) => !required.some((r) => r.field === d.field)))];
    if (details.length || !result.ok) throw new BadRequestException({ error: ProfileMessages.invalidRequest, details });
    return this.apply(userId, result.value);
  }

  private async apply(userId: string, patch: ProfilePatch): Promise<ProfileDto> {
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
      return this.toDto(user);
    });
  }

  private async load(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException({ error: 'User not found' });
    return user;
  }

  toDto(user: User): ProfileDto {
    const profile = user.profile ?? {};
    const extra: Record<string, string | null> = {};
    for (const field of PROFILE_EDITABLE_FIELDS) if (!COLUMN_FIELDS.has(field)) extra[field] = profile[field] ?? null;
    return {
      ...this.users.toDto(user),
      ...extra,
      preferredUnits: profile.preferredUnits === 'Metric' ? 'Metric' : 'Standard',
      hasActiveSubscription: false,
      subscriptionPlanName: null,
      subscriptionCurrentPeriodEnd: null,
    } as ProfileDto;
  }
}
