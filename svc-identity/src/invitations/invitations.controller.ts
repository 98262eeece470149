import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  Routes,
  createInviteSchema,
  type CreateInviteInput,
  type InviteDto,
  type InviteListResponse,
} from '@rampquote/contracts';
import { RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { InvitationsService } from './invitations.service';

/** /api/admin/invites — the beta invitation list; admins only (403 `{ error: 'Forbidden' }` for others). */
@Controller(Routes.admin.invites)
@RequireIdentity({ caller: 'gateway', role: 'admin' })
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  async list(): Promise<InviteListResponse> {
    return { invites: await this.invitations.list() };
  }

  @Post()
  @HttpCode(201)
  create(@Body(new ZodValidationPipe(createInviteSchema)) invite: CreateInviteInput): Promise<InviteDto> {
    return this.invitations.create(invite);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.invitations.remove(id);
  }
}
