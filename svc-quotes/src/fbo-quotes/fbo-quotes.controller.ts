import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Routes, type EstimateAnswerResponse, type EstimatePageDataDto } from '@rampquote/contracts';
import { FboQuotesService } from './fbo-quotes.service';

/**
 * The estimate page by link (`PUBLIC_URL/quote/{fboId}/{token}`): no login, the token is the credential. Any
 * signed caller (the gateway forwards visitors). 404 unknown or forged token, 403 another FBO's id in the link,
 * 409 already answered, 410 withdrawn or expired, 400 invalid estimate.
 */
@Controller(`${Routes.fboQuote.root}/:fboId/:token`)
export class FboQuotesController {
  constructor(private readonly quotes: FboQuotesService) {}

  @Get()
  page(@Param('fboId') fboId: string, @Param('token') token: string): Promise<EstimatePageDataDto> {
    return this.quotes.page({ kind: 'link', fboId, token });
  }

  @Post('submit')
  @HttpCode(201)
  submit(
    @Param('fboId') fboId: string,
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<EstimateAnswerResponse> {
    return this.quotes.submit({ kind: 'link', fboId, token }, body);
  }

  @Post('decline')
  @HttpCode(201)
  decline(
    @Param('fboId') fboId: string,
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<EstimateAnswerResponse> {
    return this.quotes.decline({ kind: 'link', fboId, token }, body);
  }
}
