import { zodResolver } from '@hookform/resolvers/zod';
import { BillingToasts, localCardSchema, type LocalCard, type LocalCardInput } from '@rampquote/contracts';
import { Button, Field, FormInput, HStack, Stack, useAppDispatch } from '@rampquote/web-kit';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { tokenizeLocalCard, useBillingAddPaymentMethodMutation } from '../../../shared/billing-api';
import { toastBillingFailure, toastBillingSuccess } from '../../../shared/billing-toasts';

interface Props {
  onAdded: () => void;
  onCancel: () => void;
}

const EMPTY: LocalCardInput = { number: '', expiry: '', cvc: '', name: '' };

/**
 * The local provider's card form (spec section 5, checked by the contracts' `localCardSchema`). The card the user
 * entered (ARCHITECTURE section 8: never a fixed test card) goes once to `POST /api/billing/local/card-token`; only
 * the returned payment method id is added. The form is emptied after a success (spec section 4: clear the field).
 */
export function LocalCardForm({ onAdded, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const [addPaymentMethod] = useBillingAddPaymentMethodMutation();
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LocalCardInput, unknown, LocalCard>({ resolver: zodResolver(localCardSchema), defaultValues: EMPTY });

  const onSubmit = async (card: LocalCard) => {
    setSaving(true);
    try {
      const { paymentMethodId } = await tokenizeLocalCard(dispatch, card);
      reset(EMPTY);
      await addPaymentMethod({ paymentMethodId }).unwrap();
    } catch (error) {
      setSaving(false);
      toastBillingFailure('addFailed', error);
      return;
    }
    setSaving(false);
    toastBillingSuccess(BillingToasts.added);
    onAdded();
  };

  return (
    <form noValidate aria-label="Card details" onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.number)} required>
          <Field.Label>Card number</Field.Label>
          <FormInput
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={23}
            {...register('number')}
          />
          <Field.ErrorText>{errors.number?.message}</Field.ErrorText>
        </Field.Root>
        <HStack gap="4" align="flex-start">
          <Field.Root invalid={Boolean(errors.expiry)} required flex="1">
            <Field.Label>Expiry (MM/YY)</Field.Label>
            <FormInput
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={7}
              {...register('expiry')}
            />
            <Field.ErrorText>{errors.expiry?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.cvc)} required flex="1">
            <Field.Label>CVC</Field.Label>
            <FormInput inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...register('cvc')} />
            <Field.ErrorText>{errors.cvc?.message}</Field.ErrorText>
          </Field.Root>
        </HStack>
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>Cardholder name</Field.Label>
          <FormInput autoComplete="cc-name" {...register('name')} />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…">
            Save Card
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
