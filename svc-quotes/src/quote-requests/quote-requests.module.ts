import { Module } from '@nestjs/common';
import { NeighboursModule } from '../neighbours/neighbours.module';
import { ListVersionCacheModule } from '../shared/list-version-cache';
import { QuoteLinks } from '../shared/quote-links';
import { QuoteLimits } from './quote-limits';
import { QuoteRequestsController } from './quote-requests.controller';
import { QuoteComparisonController } from './quote-comparison.controller';
import { QuoteComparisonService } from './quote-comparison.service';
import { BookingController, FboBookingController } from './booking.controller';
import { BookingService } from './booking.service';
import { AmendQuoteRequestController } from './amend-quote-request.controller';
import { AmendQuoteRequestService } from './amend-quote-request.service';
import { CancelQuoteRequestService } from './cancel-quote-request.service';
import { CreateQuoteRequestService } from './create-quote-request.service';
import { DeleteQuoteRequestService } from './delete-quote-request.service';
import { MyQuotesService } from './my-quotes.service';
import { NotificationPreferencesService } from './notification-preferences.service';
import { QuoteRequestDetailsService } from './quote-request-details.service';

/** The requester's side of the workflow: create (with the neighbours' snapshot), My Quotes, details, responses, delete, cancel. */
@Module({
  imports: [NeighboursModule, ListVersionCacheModule],
  controllers: [
    QuoteRequestsController,
    QuoteComparisonController,
    BookingController,
    FboBookingController,
    AmendQuoteRequestController,
  ],
  providers: [
    CreateQuoteRequestService,
    MyQuotesService,
    QuoteRequestDetailsService,
    QuoteComparisonService,
    BookingService,
    AmendQuoteRequestService,
    DeleteQuoteRequestService,
    CancelQuoteRequestService,
    NotificationPreferencesService,
    QuoteLimits,
    QuoteLinks,
  ],
  // The FBO inbox answers a booking with the same rules as the link.
  exports: [BookingService],
})
export class QuoteRequestsModule {}
