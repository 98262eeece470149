import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  Routes,
  forgotPasswordSchema,
  PasswordResetMessages,
  resetPasswordSchema,
  type ForgotPasswordRequest,
  type InternalResetPasswordResponse,
  type ResetPasswordInput,
} from '@rampquote/contracts';
import { RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { PasswordResetService } from './password-reset.service';

/**
 * POST /api/auth/forgot-password (proxied by the gateway) and POST /internal/password-reset (the gateway's
 * POST /api/reset-password calls it, then ends the user's sessions). A new password failing the rules answers 400
 * "Password does not meet the password requirements" with each failed rule as a detail.
 */
@Controller()
@RequireIdentity({ caller: 'gateway' })
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post(Routes.auth.forgotPassword)
  @HttpCode(200)
  forgot(@Body(new ZodValidationPipe(forgotPasswordSchema)) body: ForgotPasswordRequest): Promise<{ message: string }> {
    return this.passwordReset.forgot(body.email);
  }

  @Post(Routes.internal.resetPassword)
  @HttpCode(200)
  reset(
    @Body(new ZodValidationPipe(resetPasswordSchema, { error: PasswordResetMessages.requirementsNotMet }))
    body: ResetPasswordInput,
  ): Promise<InternalResetPasswordResponse> {
    return this.passwordReset.reset(body);
  }
}
