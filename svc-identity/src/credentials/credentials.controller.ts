import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InternalRoutes, type VerifyCredentialsResponse } from '@rampquote/contracts';
import { RequireIdentity } from '@rampquote/service-kit';
import { CredentialsService } from './credentials.service';

/** POST /internal/credentials/verify — only the gateway asks. */
@Controller()
@RequireIdentity({ caller: 'gateway' })
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post(InternalRoutes.verifyCredentials)
  @HttpCode(200)
  verify(@Body() body: unknown): Promise<VerifyCredentialsResponse> {
    return this.credentials.verify(body);
  }
}
