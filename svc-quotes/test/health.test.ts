import { describeServiceSkeleton } from '@rampquote/service-kit/testing';
import { service } from '../src/service';

describeServiceSkeleton(service, {
  tables: [
    'quote_requests',
    'quote_invitations',
    'quote_responses',
    'quote_request_events',
    'quote_sent_mails',
    'user_plans',
    'quote_request_usage',
  ],
});
