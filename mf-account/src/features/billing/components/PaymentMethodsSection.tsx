import { BillingToasts, type PaymentMethodDto } from '@rampquote/contracts';
import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@rampquote/web-kit';
import { useState } from 'react';
import {
  useBillingRecordQuery,
  useBillingRemovePaymentMethodMutation,
  useBillingSetDefaultPaymentMethodMutation,
} from '../../../shared/billing-api';
import { cardName } from '../../../shared/billing-format';
import { toastBillingFailure, toastBillingSuccess } from '../../../shared/billing-toasts';
import { PaymentMethodList } from '../../../shared/components/PaymentMethodList';
import { AddCardDialog } from './AddCardDialog';
import { RemoveCardDialog } from './RemoveCardDialog';

/** The saved cards of /billing with add, set default and remove (spec sections 2 and 4). */
export function PaymentMethodsSection() {
  const { data: record, isLoading, isError, refetch } = useBillingRecordQuery();
  const [setDefault, { isLoading: settingDefault, originalArgs: defaultingId }] =
    useBillingSetDefaultPaymentMethodMutation();
  const [remove, { isLoading: removing }] = useBillingRemovePaymentMethodMutation();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<PaymentMethodDto | null>(null);

  const onSetDefault = async (pm: PaymentMethodDto) => {
    try {
      await setDefault(pm.id).unwrap();
      toastBillingSuccess(BillingToasts.defaultUpdated);
    } catch (error) {
      toastBillingFailure('defaultFailed', error);
    }
  };

  const onRemove = async (pm: PaymentMethodDto) => {
    try {
      await remove(pm.id).unwrap();
      setConfirming(null);
      toastBillingSuccess(BillingToasts.removed);
    } catch (error) {
      toastBillingFailure('deleteFailed', error);
    }
  };

  const methods = record?.paymentMethods ?? [];
  return (
    <Stack as="section" aria-labelledby="billing-cards-heading" gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="lg" id="billing-cards-heading">
          Payment Methods
        </Heading>
        <Button colorPalette="brand" onClick={() => setAdding(true)} disabled={!record}>
          Add Payment Method
        </Button>
      </HStack>

      {isLoading ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label="Loading payment methods">
          <Skeleton height="16" />
          <Skeleton height="16" />
        </Stack>
      ) : null}
      {isError ? (
        <HStack gap="3" role="alert" wrap="wrap">
          <Text color="fg.error">Your payment methods could not be loaded.</Text>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </HStack>
      ) : null}
      {record && methods.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l2" p="6" textAlign="center">
          <Heading as="h3" size="md" mb="2">
            No payment methods yet
          </Heading>
          <Text color="fg.muted">Add a card to subscribe to a plan.</Text>
        </Box>
      ) : null}
      {methods.length > 0 ? (
        <PaymentMethodList
          methods={methods}
          label="Saved cards"
          actions={(pm) => (
            <>
              {pm.isDefault ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Set as default: ${cardName(pm.card)}`}
                  loading={settingDefault && defaultingId === pm.id}
                  onClick={() => void onSetDefault(pm)}
                >
                  Set as default
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={`Remove ${cardName(pm.card)}`}
                onClick={() => setConfirming(pm)}
              >
                Remove
              </Button>
            </>
          )}
        />
      ) : null}

      {record ? (
        <AddCardDialog
          open={adding}
          provider={record.provider}
          publishableKey={record.publishableKey}
          onClose={() => setAdding(false)}
        />
      ) : null}
      <RemoveCardDialog
        method={confirming}
        removing={removing}
        onConfirm={(pm) => void onRemove(pm)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
