import { Module } from '@nestjs/common';
import { BillingCustomersModule } from '../billing-customers/billing-customers.module';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentMethodsService } from './payment-methods.service';

/** The billing record, SetupIntents and saved cards. */
@Module({
  imports: [PaymentProvidersModule, BillingCustomersModule],
  controllers: [PaymentMethodsController],
  providers: [PaymentMethodsService],
  exports: [PaymentMethodsService],
})
export class PaymentMethodsModule {}
