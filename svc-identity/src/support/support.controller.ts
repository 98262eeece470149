import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  Routes,
  supportMessageSchema,
  type InternalIdentity,
  type SupportContactResponse,
  type SupportMessageInput,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { SupportService } from './support.service';

/** POST /api/support/contact — anyone, through the gateway (which rate-limits it); the body follows supportMessageSchema. */
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post(Routes.support.contact)
  @HttpCode(201)
  @RequireIdentity({ caller: 'gateway' })
  contact(
    @Body(new ZodValidationPipe(supportMessageSchema)) body: SupportMessageInput,
    @CurrentIdentity() identity: InternalIdentity | undefined,
  ): Promise<SupportContactResponse> {
    return this.support.contact(body, identity);
  }
}
