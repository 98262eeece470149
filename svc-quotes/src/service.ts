import { EventTypes, SERVICE_PORTS } from '@rampquote/contracts';
import { defineService } from '@rampquote/service-kit';
import { quotesEnv } from './config';
import { FboQuotesModule } from './fbo-quotes/fbo-quotes.module';
import { CreateQuoteRequests1767225700000 } from './migrations/1767225700000-create-quote-requests';
import { QuoteWorkflow1767600000000 } from './migrations/1767600000000-quote-workflow';
import { PlanLimits1767900000000 } from './migrations/1767900000000-plan-limits';
import { MyQuotesListIndex1768100000000 } from './migrations/1768100000000-my-quotes-list-index';
import { MyQuotesListVersions1768100000001 } from './migrations/1768100000001-my-quotes-list-versions';
import { NotifyListVersionChanges1769000000000 } from './migrations/1769000000000-notify-list-version-changes';
import { FboInboxByFbo1769600000000 } from './migrations/1769600000000-fbo-inbox-by-fbo';
import { Bookings1769500000000 } from './migrations/1769500000000-bookings';
import { QuoteRequestVersions1769700000000 } from './migrations/1769700000000-quote-request-versions';
import { FboInboxPages1769800000000 } from './migrations/1769800000000-fbo-inbox-pages';
import { PlanLimitsModule } from './plan-limits/plan-limits.module';
import { QuoteEmailsModule } from './quote-emails/quote-emails.module';
import { QuoteEventsModule } from './quote-events/quote-events.module';
import { QuotePdfModule } from './quote-pdf/quote-pdf.module';
import { QuoteRequestsModule } from './quote-requests/quote-requests.module';
import { QuoteInvitation } from './quote-requests/quote-invitation.entity';
import { QuoteRequestEvent } from './quote-events/quote-request-event.entity';
import { QuoteRequest } from './quote-requests/quote-request.entity';
import { QuoteRequestVersion } from './quote-requests/quote-request-version.entity';
import { QuoteRequestUsage } from './plan-limits/quote-request-usage.entity';
import { QuoteResponse } from './fbo-quotes/quote-response.entity';
import { QuoteSentMail } from './quote-emails/quote-sent-mail.entity';
import { UserPlan } from './plan-limits/user-plan.entity';

/**
 * svc-quotes: quote requests, FBO invitations and links, estimates and declines, the FBO inbox, the quote
 * e-mails, live updates and the PDF (ARCHITECTURE sections 2-4), and the plans' monthly request limits.
 */
export const service = defineService({
  name: 'quotes',
  port: SERVICE_PORTS.quotes,
  config: quotesEnv,
  entities: [
    QuoteRequest,
    QuoteRequestVersion,
    QuoteInvitation,
    QuoteResponse,
    QuoteRequestEvent,
    QuoteSentMail,
    UserPlan,
    QuoteRequestUsage,
  ],
  migrations: [
    CreateQuoteRequests1767225700000,
    QuoteWorkflow1767600000000,
    PlanLimits1767900000000,
    MyQuotesListIndex1768100000000,
    MyQuotesListVersions1768100000001,
    NotifyListVersionChanges1769000000000,
    Bookings1769500000000,
    FboInboxByFbo1769600000000,
    QuoteRequestVersions1769700000000,
    FboInboxPages1769800000000,
  ],
  // Its own events (requests, answers, bookings, amendments), and subscription-changed (svc-billing) for the plan limits.
  eventBindings: [
    EventTypes.quoteSubmitted,
    EventTypes.fboResponded,
    EventTypes.quoteCancelled,
    EventTypes.quoteAccepted,
    EventTypes.bookingConfirmed,
    EventTypes.bookingDeclined,
    EventTypes.quoteRequestAmended,
    EventTypes.subscriptionChanged,
  ],
  modules: [
    QuoteRequestsModule,
    QuoteEventsModule,
    QuotePdfModule,
    FboQuotesModule,
    QuoteEmailsModule,
    PlanLimitsModule,
  ],
  // Each e-mail handler holds its inbox transaction and briefly a second connection for the sent-mail
  // record: keep the messages in flight well below the pool size (10).
  events: { prefetch: 4 },
});
