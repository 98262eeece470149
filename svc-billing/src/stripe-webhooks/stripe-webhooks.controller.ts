import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Req,
} from '@nestjs/common';
import { Routes, BillingMessages } from '@rampquote/contracts';
import { PAYMENT_PROVIDER, WebhookSignatureInvalid, type PaymentProvider } from '../payment-providers/payment-provider';
import { StripePaymentProvider } from '../payment-providers/stripe/stripe-payment.provider';
import { StripeWebhooksService } from './stripe-webhooks.service';

/**
 * `POST /api/billing/webhook` (Stripe only; 404 with the local provider): the raw body with its `Stripe-Signature`,
 * verified with STRIPE_WEBHOOK_SECRET (a wrong secret, an altered body or a delivery older than 5 minutes is a 400
 * `Invalid webhook signature`), then applied. 200 `{ received: true }` once applied or when it was already; Stripe
 * retries anything else. The gateway forwards it without a session (route policy `session: 'none'`) and signs an
 * anonymous identity, which the service-wide guard still checks.
 */
@Controller()
export class StripeWebhooksController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly webhooks: StripeWebhooksService,
  ) {}

  @Post(Routes.billing.webhook)
  @HttpCode(200)
  async receive(
    @Req() req: { body?: unknown },
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; duplicate?: true; ignored?: true }> {
    if (!(this.provider instanceof StripePaymentProvider))
      throw new NotFoundException({ error: BillingMessages.webhookNotConfigured });
    if (!Buffer.isBuffer(req.body))
      throw new Error('the webhook body reached the controller parsed: its raw bytes are needed for the signature');
    let event;
    try {
      event = this.provider.constructWebhookEvent(req.body, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureInvalid)
        throw new BadRequestException({ error: BillingMessages.webhookSignature });
      throw err;
    }
    return this.webhooks.handle(event);
  }
}
