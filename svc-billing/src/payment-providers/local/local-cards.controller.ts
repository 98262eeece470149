import { Body, ConflictException, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import {
  Routes,
  BillingMessages,
  localCardSchemaAt,
  type LocalCard,
  type LocalCardTokenResponse,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { BillingClock } from '../../shared/billing-clock';
import type { SignedIn } from '../../shared/signed-in';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider';
import { LocalPaymentProvider } from './local-payment.provider';

/**
 * `POST /api/billing/local/card-token` (local provider only): the page's card form `{ number, expiry, cvc, name }`,
 * checked with the spec's card-form messages, a Luhn check and the expiry, becomes `{ paymentMethodId: 'pm_local_…' }`.
 * Only brand, last 4 and expiry are kept; the number and CVC go no further than this call (never stored or logged).
 * With Stripe configured: 409 (cards go through Stripe Elements).
 */
@Controller()
@RequireIdentity({ user: true })
export class LocalCardsController {
  private readonly cardPipe: ZodValidationPipe<ReturnType<typeof localCardSchemaAt>>;

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    clock: BillingClock,
  ) {
    this.cardPipe = new ZodValidationPipe(localCardSchemaAt(() => clock.now()));
  }

  @Post(Routes.billing.localCardToken)
  @HttpCode(201)
  async token(@CurrentIdentity() identity: SignedIn, @Body() body: unknown): Promise<LocalCardTokenResponse> {
    if (!(this.provider instanceof LocalPaymentProvider))
      throw new ConflictException({ error: BillingMessages.cardTokenStripe });
    const card: LocalCard = this.cardPipe.transform(body);
    const token = await this.provider.tokenize(identity.user.id, card);
    return {
      paymentMethodId: token.id,
      card: {
        brand: token.card.brand,
        last4: token.card.last4,
        exp_month: token.card.expMonth,
        exp_year: token.card.expYear,
      },
    };
  }
}
