import { Body, Controller, Get, Patch, Put } from '@nestjs/common';
import { ApiRoutes, type InternalIdentity, type ProfileDto } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { ProfileService } from './profile.service';

/**
 * /api/user/profile — the signed-in user's profile. The gateway handles PATCH and PUT itself (forwarding here)
 * so that it can replace the session user with the answer.
 */
@Controller(ApiRoutes.user.profile)
@RequireIdentity({ caller: 'gateway', user: true })
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  get(@CurrentIdentity() identity: InternalIdentity): Promise<ProfileDto> {
    return this.profile.get(identity.user!.id);
  }

  @Patch()
  patch(@CurrentIdentity() identity: InternalIdentity, @Body() body: unknown): Promise<ProfileDto> {
    return this.profile.patch(identity.user!.id, body);
  }

  @Put()
  replace(@CurrentIdentity() identity: InternalIdentity, @Body() body: unknown): Promise<ProfileDto> {
    return this.profile.replace(identity.user!.id, body);
  }
}
