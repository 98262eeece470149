import { BillingToasts } from '@rampquote/contracts';
import { errorMessage, toast } from '@rampquote/web-kit';

/** The billing and subscription pages' failures (spec section 8): a toast titled `Error`, the text, then the reason. */
export type BillingFailure =
  | 'setupFailed'
  | 'addFailed'
  | 'deleteFailed'
  | 'defaultFailed'
  | 'createSubscriptionFailed'
  | 'updateSubscriptionFailed'
  | 'cancelSubscriptionFailed';

/** `Failed to add payment method: Card has expired` (just the text when there is no reason). */
export function billingFailureDescription(kind: BillingFailure, error: unknown): string {
  const reason = errorMessage(error);
  return reason ? `${BillingToasts[kind]}: ${reason}` : BillingToasts[kind];
}

export function toastBillingFailure(kind: BillingFailure, error: unknown): void {
  toast({ title: BillingToasts.errorTitle, description: billingFailureDescription(kind, error), type: 'error' });
}

/** The success toasts of spec section 8 (the text is the title). */
export function toastBillingSuccess(title: string, description?: string): void {
  toast({ title, description, type: 'success' });
}
