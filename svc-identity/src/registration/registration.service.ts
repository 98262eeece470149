import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import {
  EventTypes,
  RegistrationMessages,
  type RegisterInput,
  type RegisterResponse,
  type UserRegisteredData,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { InvitationsService } from '../invitations/invitations.service';
import { PasswordHasher } from '../users/password-hasher.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

const EMAIL_EXISTS = {
  error: RegistrationMessages.emailExists,
  details: [{ field: 'email', message: RegistrationMessages.emailExists }],
};

/** Registration (spec section 5): creates the user and publishes `user-registered`; does not sign in. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
  ) {}

  /** `input` has passed registerRequestSchema (e-mail lowercased, role defaulted). */
  async register(input: RegisterInput): Promise<RegisterResponse> {
    if (await this.users.findByEmail(input.email)) throw new ConflictException(EMAIL_EXISTS);

    const passwordHash = await this.hasher.hash(input.password);
    for (let attempt = 1; ; attempt++) {
      try {
        const { user, invited } = await this.create(input, passwordHash);
        return {
          message: invited ? RegistrationMessages.accountReady : RegistrationMessages.inviteOnly,
          user: this.users.toDto(user),
        };
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'users_email_key') throw new ConflictException(EMAIL_EXISTS);
        // Two people with the same local part registered at once: pick the next suffix.
        if (constraint === 'users_username_key' && attempt < 5) continue;
        throw err;
      }
    }
  }

  /** The user row and its event, in one transaction. */
  private create(input: RegisterInput, passwordHash: string): Promise<{ user: User; invited: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const user = manager.create(User, {
        id: randomUUID(),
        username: await this.users.uniqueUsername(input.email, manager),
        email: input.email,
        passwordHash,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        aircraftProfileName: input.aircraftProfileName,
      });
      await manager.insert(User, user);
      const invited = await this.invitations.mayLogIn(input.email, manager);
      const data: UserRegisteredData = {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        companyName: user.companyName,
        aircraftProfileName: user.aircraftProfileName,
        invited,
      };
      await this.outbox.add(manager, EventTypes.userRegistered, data);
      return { user, invited };
    });
  }
}

function uniqueViolation(err: unknown): string | undefined {
  if (!(err instanceof QueryFailedError)) return undefined;
  const driverError = err.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? driverError.constraint : undefined;
}
