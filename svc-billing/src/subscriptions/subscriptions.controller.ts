import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseFilters } from '@nestjs/common';
import {
  Routes,
  subscriptionPlanSchema,
  type CurrentSubscriptionResponse,
  type PlanId,
  type SubscriptionDto,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { PaymentProviderErrorsFilter } from '../shared/payment-provider-errors.filter';
import { RequestKey } from '../shared/request-key';
import type { SignedIn } from '../shared/signed-in';
import { SubscriptionsService } from './subscriptions.service';

/**
 * The subscription calls of spec section 7. Body `{ planId }` checked by the contracts' schema; an `Idempotency-Key`
 * header makes a create (or switch, cancel) safe to retry.
 */
@Controller()
@RequireIdentity({ user: true })
@UseFilters(PaymentProviderErrorsFilter)
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get(Routes.billing.subscription)
  current(@CurrentIdentity() identity: SignedIn): Promise<CurrentSubscriptionResponse> {
    return this.subscriptions.current(identity.user.id);
  }

  @Post(Routes.billing.subscription)
  @HttpCode(201)
  create(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(subscriptionPlanSchema)) body: { planId: PlanId },
    @RequestKey() requestKey: string,
  ): Promise<SubscriptionDto> {
    return this.subscriptions.create(identity, body.planId, requestKey);
  }

  @Put(`${Routes.billing.subscription}/:subscriptionId`)
  switch(
    @CurrentIdentity() identity: SignedIn,
    @Param('subscriptionId') subscriptionId: string,
    @Body(new ZodValidationPipe(subscriptionPlanSchema)) body: { planId: PlanId },
    @RequestKey() requestKey: string,
  ): Promise<SubscriptionDto> {
    return this.subscriptions.switch(identity.user.id, subscriptionId, body.planId, requestKey);
  }

  @Delete(`${Routes.billing.subscription}/:subscriptionId`)
  cancel(
    @CurrentIdentity() identity: SignedIn,
    @Param('subscriptionId') subscriptionId: string,
    @RequestKey() requestKey: string,
  ): Promise<SubscriptionDto> {
    return this.subscriptions.cancel(identity.user.id, subscriptionId, requestKey);
  }
}
