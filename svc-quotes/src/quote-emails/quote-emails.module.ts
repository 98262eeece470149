import { Module } from '@nestjs/common';
import { QuoteLinks } from '../shared/quote-links';
import { BookingConsumer } from './booking.consumer';
import { FboRespondedConsumer } from './fbo-responded.consumer';
import { QuoteAmendedConsumer } from './quote-amended.consumer';
import { QuoteCancelledConsumer } from './quote-cancelled.consumer';
import { QuoteSubmittedConsumer } from './quote-submitted.consumer';
import { SentMailsService } from './sent-mails.service';

/** The quote e-mails, sent by the consumers of svc-quotes's own events. */
@Module({
  providers: [
    SentMailsService,
    QuoteLinks,
    QuoteSubmittedConsumer,
    FboRespondedConsumer,
    QuoteCancelledConsumer,
    BookingConsumer,
    QuoteAmendedConsumer,
  ],
})
export class QuoteEmailsModule {}
