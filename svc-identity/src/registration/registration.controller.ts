import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiRoutes, type RegisterResponse } from '@rampquote/contracts';
import { RequireIdentity } from '@rampquote/service-kit';
import { RegistrationService } from './registration.service';

/** POST /api/auth/register — public for the browser, but only through the gateway (which signs the call). */
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Post(ApiRoutes.auth.register)
  @HttpCode(201)
  @RequireIdentity({ caller: 'gateway' })
  register(@Body() body: unknown): Promise<RegisterResponse> {
    return this.registration.register(body);
  }
}
