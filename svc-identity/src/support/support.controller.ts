import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiRoutes, type InternalIdentity, type SupportContactResponse } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { SupportService } from './support.service';

/** POST /api/support/contact — anyone, through the gateway (which rate-limits it). */
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post(ApiRoutes.support.contact)
  @HttpCode(201)
  @RequireIdentity({ caller: 'gateway' })
  contact(@Body() body: unknown, @CurrentIdentity() identity: InternalIdentity | undefined): Promise<SupportContactResponse> {
    return this.support.contact(body, identity);
  }
}
