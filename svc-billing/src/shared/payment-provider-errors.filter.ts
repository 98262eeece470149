import { Catch, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { BillingMessages, type ApiErrorBody } from '@rampquote/contracts';
import {
  NotWithThisProvider,
  PaymentDeclined,
  PaymentMethodMissing,
  PaymentProviderUnavailable,
  PaymentRequestRefused,
} from '../payment-providers/payment-provider';

/** The port's errors as answers: 404 unknown card, 402 declined, 400 refused, 409 not with this provider, 502 unreachable. */
export function providerErrorAnswer(err: unknown): { status: number; body: ApiErrorBody } | null {
  if (err instanceof PaymentMethodMissing)
    return { status: HttpStatus.NOT_FOUND, body: { error: BillingMessages.paymentMethodNotFound } };
  if (err instanceof PaymentDeclined)
    return {
      status: HttpStatus.PAYMENT_REQUIRED,
      body: { error: BillingMessages.paymentFailed, details: [{ message: err.message }] },
    };
  if (err instanceof PaymentRequestRefused) return { status: HttpStatus.BAD_REQUEST, body: { error: err.message } };
  if (err instanceof NotWithThisProvider)
    return { status: HttpStatus.CONFLICT, body: { error: BillingMessages.setupIntentLocal } };
  if (err instanceof PaymentProviderUnavailable) {
    return {
      status: HttpStatus.BAD_GATEWAY,
      body: { error: BillingMessages.providerUnavailable, details: [{ message: err.message }] },
    };
  }
  return null;
}

/** Answers the payment provider port's errors (the service-wide filter answers everything else). */
@Catch(PaymentMethodMissing, PaymentDeclined, PaymentRequestRefused, NotWithThisProvider, PaymentProviderUnavailable)
export class PaymentProviderErrorsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const answer = providerErrorAnswer(exception)!;
    host
      .switchToHttp()
      .getResponse<{ status(code: number): { json(body: unknown): void } }>()
      .status(answer.status)
      .json(answer.body);
  }
}
