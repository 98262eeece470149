import { Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG } from '@rampquote/service-kit';
import { paymentProviderSettings, type BillingConfig } from '../config';
import { BillingClock } from '../shared/billing-clock';
import { LocalCardsController } from './local/local-cards.controller';
import { LocalPaymentProvider } from './local/local-payment.provider';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe/stripe-payment.provider';

/**
 * The payment provider chosen once at boot from the config: the local provider when BILLING_PROVIDER=local or, in
 * development, no Stripe key is set; Stripe when its three keys are (the config loader refused anything else). Also the billing clock and the local card form's call.
 */
@Module({
  controllers: [LocalCardsController],
  providers: [
    BillingClock,
    {
      provide: PAYMENT_PROVIDER,
      inject: [SERVICE_CONFIG, DataSource],
      useFactory: (config: BillingConfig, dataSource: DataSource): PaymentProvider => {
        const settings = paymentProviderSettings(config);
        const logger = new Logger('PaymentProvider');
        if (settings.kind === 'stripe') {
          logger.log({
            msg: 'payment provider: Stripe',
            mode: settings.secretKey.includes('_live_') ? 'live' : 'test',
            api: settings.apiUrl?.origin ?? 'api.stripe.com',
          });
          return new StripePaymentProvider(settings);
        }
        logger.warn({ msg: 'payment provider: local (test mode: no payment is taken)' });
        return new LocalPaymentProvider(dataSource);
      },
    },
  ],
  exports: [PAYMENT_PROVIDER, BillingClock],
})
export class PaymentProvidersModule {}
