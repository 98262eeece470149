import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Routes, registerRequestSchema, type RegisterInput, type RegisterResponse } from '@rampquote/contracts';
import { RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { RegistrationService } from './registration.service';

/**
 * POST /api/auth/register — public for the browser, but only through the gateway (which signs the call). The body
 * is checked by the contracts' registerRequestSchema (400 `Invalid request data`, a detail per failed rule).
 */
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Post(Routes.auth.register)
  @HttpCode(201)
  @RequireIdentity({ caller: 'gateway' })
  register(@Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterInput): Promise<RegisterResponse> {
    return this.registration.register(body);
  }
}
