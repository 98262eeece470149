import { Module } from '@nestjs/common';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';

/** Billing history and receipts. */
@Module({
  imports: [PaymentProvidersModule],
  controllers: [InvoicesController],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
