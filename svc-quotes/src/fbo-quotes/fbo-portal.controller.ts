import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  Routes,
  type EstimateAnswerResponse,
  type EstimatePageDataDto,
  type FboInboxResponse,
  type InternalIdentity,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { FboQuotesService } from './fbo-quotes.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/**
 * A signed-in FBO account (role `fbo`): the inbox of the requests sent to its e-mail address (the FBO e-mail
 * kept with each invitation), and each request's estimate page without the link. Another FBO's invitation
 * answers 404; a user of another role 403.
 */
@Controller(Routes.fboPortal.root)
@RequireIdentity({ role: 'fbo' })
export class FboPortalController {
  constructor(private readonly quotes: FboQuotesService) {}

  @Get('inbox')
  async inbox(@CurrentIdentity() identity: SignedIn): Promise<FboInboxResponse> {
    return { requests: await this.quotes.inbox(identity.user.email) };
  }

  @Get('requests/:invitationId')
  page(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
  ): Promise<EstimatePageDataDto> {
    return this.quotes.page({ kind: 'account', email: identity.user.email, invitationId });
  }

  @Post('requests/:invitationId/submit')
  @HttpCode(201)
  submit(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
    @Body() body: unknown,
  ): Promise<EstimateAnswerResponse> {
    return this.quotes.submit({ kind: 'account', email: identity.user.email, invitationId }, body);
  }

  @Post('requests/:invitationId/decline')
  @HttpCode(201)
  decline(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
    @Body() body: unknown,
  ): Promise<EstimateAnswerResponse> {
    return this.quotes.decline({ kind: 'account', email: identity.user.email, invitationId }, body);
  }
}
