import { Body, Controller, Get, Patch, Put } from '@nestjs/common';
import {
  Routes,
  clientProfileRequestSchema,
  profilePatchSchema,
  type ClientProfileInput,
  type InternalIdentity,
  type ProfileDto,
  type ProfilePatchInput,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { ProfileService } from './profile.service';

/**
 * /api/user/profile — the signed-in user's profile. The gateway handles PATCH and PUT itself (forwarding here)
 * so that it can replace the session user with the answer. PATCH bodies follow profilePatchSchema, PUT bodies (the
 * client profile form) clientProfileRequestSchema. GET is also answered to svc-quotes, which reads the requester's
 * profile on the requester's behalf when a quote request is made; only the gateway may change a profile.
 */
@Controller(Routes.user.profile)
@RequireIdentity({ caller: 'gateway', user: true })
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @RequireIdentity({ caller: ['gateway', 'svc-quotes'], user: true })
  get(@CurrentIdentity() identity: InternalIdentity): Promise<ProfileDto> {
    return this.profile.get(identity.user!.id);
  }

  @Patch()
  patch(
    @CurrentIdentity() identity: InternalIdentity,
    @Body(new ZodValidationPipe(profilePatchSchema)) body: ProfilePatchInput,
  ): Promise<ProfileDto> {
    return this.profile.apply(identity.user!.id, body);
  }

  @Put()
  replace(
    @CurrentIdentity() identity: InternalIdentity,
    @Body(new ZodValidationPipe(clientProfileRequestSchema)) body: ClientProfileInput,
  ): Promise<ProfileDto> {
    return this.profile.apply(identity.user!.id, body);
  }
}
