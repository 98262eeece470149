import { Body, Controller, HttpCode, Param, Patch } from '@nestjs/common';
import { Routes, type AmendQuoteRequestResponse, type InternalIdentity } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { AmendQuoteRequestService } from './amend-quote-request.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/** PATCH /api/quote-requests/{id}: the owner amends an open request. */
@Controller(Routes.quoteRequests.root)
@RequireIdentity({ user: true })
export class AmendQuoteRequestController {
  constructor(private readonly amendments: AmendQuoteRequestService) {}

  @Patch(':id')
  @HttpCode(200)
  amend(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<AmendQuoteRequestResponse> {
    return this.amendments.amend(identity.user, id, body);
  }
}
