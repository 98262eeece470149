import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Routes, loginRequestSchema, type LoginInput, type VerifyCredentialsResponse } from '@rampquote/contracts';
import { RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { CredentialsService } from './credentials.service';

/** POST /internal/credentials/verify — only the gateway asks; the body is the login body (loginRequestSchema). */
@Controller()
@RequireIdentity({ caller: 'gateway' })
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post(Routes.internal.verifyCredentials)
  @HttpCode(200)
  verify(@Body(new ZodValidationPipe(loginRequestSchema)) body: LoginInput): Promise<VerifyCredentialsResponse> {
    return this.credentials.verify(body);
  }
}
