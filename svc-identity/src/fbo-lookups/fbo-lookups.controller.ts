import { Body, ConflictException, Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { z } from 'zod';
import { Routes, emailSchema, type UserDto } from '@rampquote/contracts';
import { RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { InvitationsService } from '../invitations/invitations.service';
import { UsersService } from '../users/users.service';

const byEmailSchema = z.object({ email: emailSchema });

/**
 * svc-airports' calls when an admin or an FBO manager adds a member by e-mail: the account of that e-mail, and
 * (admin only, decided by svc-airports) the beta invitation of an e-mail without an account.
 */
@Controller()
@RequireIdentity({ caller: 'svc-airports' })
export class FboLookupsController {
  constructor(
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
  ) {}

  @Post(Routes.internal.userLookup)
  @HttpCode(200)
  async lookup(@Body(new ZodValidationPipe(byEmailSchema)) body: { email: string }): Promise<UserDto> {
    const user = await this.users.findByEmail(body.email);
    if (!user) throw new NotFoundException({ error: 'User not found' });
    return this.users.toDto(user);
  }

  /** 201 `{ invited: true }`, also when the e-mail was already invited. */
  @Post(Routes.internal.invite)
  @HttpCode(201)
  async invite(@Body(new ZodValidationPipe(byEmailSchema)) body: { email: string }): Promise<{ invited: true }> {
    try {
      await this.invitations.create({ kind: 'email', value: body.email });
    } catch (err) {
      if (!(err instanceof ConflictException)) throw err;
    }
    return { invited: true };
  }
}
