import { Module } from '@nestjs/common';
import { QuoteEventHub } from './quote-event-hub.service';
import { QuoteEventsController } from './quote-events.controller';

/** Live updates of a request (Server-Sent Events), heard by every replica through PostgreSQL LISTEN/NOTIFY. */
@Module({ controllers: [QuoteEventsController], providers: [QuoteEventHub] })
export class QuoteEventsModule {}
