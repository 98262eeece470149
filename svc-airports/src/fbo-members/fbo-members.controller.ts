import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  Routes,
  addFboMemberSchema,
  fboClaimSchema,
  type AddFboMemberInput,
  type AddFboMemberResponse,
  type FboClaimConfirmResponse,
  type FboClaimInput,
  type FboClaimResponse,
  type FboMemberListResponse,
  type FboMembershipsResponse,
  type InternalIdentity,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { FboMembersService, type Actor } from './fbo-members.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };
/** The caller; admin powers only on the Admin Dashboard's routes (the team routes are for members, admins included). */
const actorOf = (identity: SignedIn, adminRoutes = false): Actor => ({
  userId: identity.user.id,
  email: identity.user.email,
  admin: adminRoutes && identity.user.role === 'admin',
});

/** The Admin Dashboard's FBO directory: an FBO's members, added by e-mail and removed (admins only). */
@Controller(Routes.admin.fbos)
@RequireIdentity({ role: 'admin' })
export class AdminFboMembersController {
  constructor(private readonly members: FboMembersService) {}

  @Get(':id/members')
  list(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<FboMemberListResponse> {
    return this.members.list(id, actorOf(identity, true));
  }

  @Post(':id/members')
  @HttpCode(201)
  add(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(addFboMemberSchema)) body: AddFboMemberInput,
  ): Promise<AddFboMemberResponse> {
    return this.members.add(id, body, actorOf(identity, true));
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  async remove(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    await this.members.remove(id, userId, actorOf(identity, true));
  }
}

/**
 * An FBO's own team (any signed-in user; membership decides): the user's FBOs, the team of one of them, and a
 * manager's additions and removals (staff: 403; not a member: 404).
 */
@Controller(Routes.fboTeam.root)
@RequireIdentity({ user: true })
export class FboTeamController {
  constructor(private readonly members: FboMembersService) {}

  @Get('memberships')
  async memberships(@CurrentIdentity() identity: SignedIn): Promise<FboMembershipsResponse> {
    return { memberships: await this.members.membershipsOf(identity.user.id) };
  }

  @Get(':id/members')
  list(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<FboMemberListResponse> {
    return this.members.list(id, actorOf(identity));
  }

  @Post(':id/members')
  @HttpCode(201)
  add(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(addFboMemberSchema)) body: AddFboMemberInput,
  ): Promise<AddFboMemberResponse> {
    return this.members.add(id, body, actorOf(identity));
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  async remove(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    await this.members.remove(id, userId, actorOf(identity));
  }
}

/** "Claim your FBO": a link mailed to the FBO's listed address, confirmed by the same signed-in user. */
@Controller(Routes.fboClaims.root)
@RequireIdentity({ user: true })
export class FboClaimsController {
  constructor(private readonly members: FboMembersService) {}

  @Post()
  @HttpCode(201)
  claim(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(fboClaimSchema)) body: FboClaimInput,
  ): Promise<FboClaimResponse> {
    return this.members.claim(body.fboId, actorOf(identity));
  }

  @Post(':token/confirm')
  @HttpCode(200)
  confirm(@CurrentIdentity() identity: SignedIn, @Param('token') token: string): Promise<FboClaimConfirmResponse> {
    return this.members.confirm(token, actorOf(identity));
  }
}
