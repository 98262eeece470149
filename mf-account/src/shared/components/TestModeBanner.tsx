import { BillingMessages } from '@rampquote/contracts';
import { Alert } from '@rampquote/web-kit';
import { useBillingRecordQuery } from '../billing-api';

/**
 * Says "Test mode — no payment is taken" when svc-billing takes no payment (its local provider, or Stripe test keys):
 * on every billing screen (/billing, /subscription, the account's Billing Preferences tab).
 */
export function TestModeBanner() {
  const { data } = useBillingRecordQuery();
  if (!data?.testMode) return null;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{BillingMessages.testMode}</Alert.Title>
        <Alert.Description>No card is charged for a subscription or a change of plan.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
