import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { AccountInternalRoutes, ApiRoutes, type InternalResetPasswordResponse } from '@rampquote/contracts';
import { RequireIdentity } from '@rampquote/service-kit';
import { PasswordResetService } from './password-reset.service';

/**
 * POST /api/auth/forgot-password (proxied by the gateway) and POST /internal/password-reset (the gateway's
 * POST /api/reset-password calls it, then ends the user's sessions).
 */
@Controller()
@RequireIdentity({ caller: 'gateway' })
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post(ApiRoutes.auth.forgotPassword)
  @HttpCode(200)
  forgot(@Body() body: unknown): Promise<{ message: string }> {
    return this.passwordReset.forgot(body);
  }

  @Post(AccountInternalRoutes.resetPassword)
  @HttpCode(200)
  reset(@Body() body: unknown): Promise<InternalResetPasswordResponse> {
    return this.passwordReset.reset(body);
  }
}
