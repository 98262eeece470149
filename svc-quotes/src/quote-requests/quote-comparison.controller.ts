import { Controller, Get, Param } from '@nestjs/common';
import { Routes, type InternalIdentity, type QuoteComparison } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { QuoteComparisonService } from './quote-comparison.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/** GET /api/quote-requests/{id}/comparison: the owner's like-for-like comparison (404 for anyone else). */
@Controller(Routes.quoteRequests.root)
@RequireIdentity({ user: true })
export class QuoteComparisonController {
  constructor(private readonly comparisons: QuoteComparisonService) {}

  @Get(':id/comparison')
  comparison(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<QuoteComparison> {
    return this.comparisons.forOwner(identity.user.id, id);
  }
}
