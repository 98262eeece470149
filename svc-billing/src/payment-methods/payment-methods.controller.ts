import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import {
  Routes,
  addPaymentMethodSchema,
  defaultPaymentMethodSchema,
  type BillingRecordDto,
  type PaymentMethodDto,
  type SetupIntentResponse,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { PaymentProviderErrorsFilter } from '../shared/payment-provider-errors.filter';
import { RequestKey } from '../shared/request-key';
import type { SignedIn } from '../shared/signed-in';
import { PaymentMethodsService } from './payment-methods.service';

/**
 * The billing record and saved cards (spec section 7). Without a signed-in user: 401 `Authentication required`.
 * Bodies are checked by the contracts' schemas (400 `Invalid request data` with a detail per field).
 */
@Controller()
@RequireIdentity({ user: true })
@UseFilters(PaymentProviderErrorsFilter)
export class PaymentMethodsController {
  constructor(private readonly paymentMethods: PaymentMethodsService) {}

  @Get(Routes.billing.root)
  record(@CurrentIdentity() identity: SignedIn): Promise<BillingRecordDto> {
    return this.paymentMethods.record(identity.user.id);
  }

  @Get(Routes.billing.paymentMethods)
  list(@CurrentIdentity() identity: SignedIn): Promise<PaymentMethodDto[]> {
    return this.paymentMethods.list(identity.user.id);
  }

  @Post(Routes.billing.setupIntent)
  @HttpCode(201)
  setupIntent(@CurrentIdentity() identity: SignedIn, @RequestKey() requestKey: string): Promise<SetupIntentResponse> {
    return this.paymentMethods.setupIntent(identity, requestKey);
  }

  @Post(Routes.billing.paymentMethods)
  @HttpCode(201)
  add(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(addPaymentMethodSchema)) body: { paymentMethodId: string; setAsDefault: boolean },
  ): Promise<PaymentMethodDto> {
    return this.paymentMethods.add(identity, body);
  }

  @Delete(`${Routes.billing.paymentMethods}/:id`)
  remove(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<BillingRecordDto> {
    return this.paymentMethods.remove(identity.user.id, id);
  }

  @Post(Routes.billing.defaultPaymentMethod)
  @HttpCode(200)
  setDefault(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(defaultPaymentMethodSchema)) body: { paymentMethodId: string },
  ): Promise<BillingRecordDto> {
    return this.paymentMethods.setDefault(identity.user.id, body.paymentMethodId);
  }
}
