import { Module } from '@nestjs/common';
import { NeighboursModule } from '../neighbours/neighbours.module';
import { QuoteRequestsModule } from '../quote-requests/quote-requests.module';
import { ListVersionCacheModule } from '../shared/list-version-cache';
import { FboPortalController } from './fbo-portal.controller';
import { FboQuotesController } from './fbo-quotes.controller';
import { FboQuotesService } from './fbo-quotes.service';

/** The FBO's side: the estimate page by link or from the FBO inbox, the estimate, the decline, the answer to a booking. */
@Module({
  imports: [ListVersionCacheModule, NeighboursModule, QuoteRequestsModule],
  controllers: [FboQuotesController, FboPortalController],
  providers: [FboQuotesService],
})
export class FboQuotesModule {}
