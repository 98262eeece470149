import { Module } from '@nestjs/common';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module';
import { BillingCustomersService } from './billing-customers.service';
import { UserRegisteredConsumer } from './user-registered.consumer';

/** The provider customer of each user: made on `user-registered`, or on first use for older users. */
@Module({
  imports: [PaymentProvidersModule],
  providers: [BillingCustomersService, UserRegisteredConsumer],
  exports: [BillingCustomersService],
})
export class BillingCustomersModule {}
