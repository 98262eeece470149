import { Module } from '@nestjs/common';
import { NeighboursModule } from '../neighbours/neighbours.module';
import { ListVersionCacheModule } from '../shared/list-version-cache';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteLimits } from './quote-limits';
import { QuoteRequestsController } from './quote-requests.controller';
import { QuoteRequestsService } from './quote-requests.service';

/** The requester's side of the workflow: create (with the neighbours' snapshot), My Quotes, details, responses, delete, cancel. */
@Module({
  imports: [NeighboursModule, ListVersionCacheModule],
  controllers: [QuoteRequestsController],
  providers: [QuoteRequestsService, QuoteLimits, QuoteLinks],
})
export class QuoteRequestsModule {}
