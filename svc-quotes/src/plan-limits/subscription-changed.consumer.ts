import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, keepSubscriptionCopies } from '@rampquote/service-kit';

/** `subscription-changed` (svc-billing): svc-quotes's copy of the user's plan and its limits (table user_plans). */
@Injectable()
export class SubscriptionChangedConsumer implements OnModuleInit {
  constructor(private readonly events: EventConsumer) {}

  onModuleInit(): void {
    keepSubscriptionCopies(this.events, {
      table: 'user_plans',
      columns: { monthly_quote_requests: (copy) => copy.limits.monthlyQuoteRequests },
    });
  }
}
