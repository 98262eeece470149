import { zodResolver } from '@hookform/resolvers/zod';
import { BillingToasts, localCardSchema } from '@rampquote/contracts';
import { Box, Button, Field, FormInput, HStack, Stack, Text } from '@rampquote/web-kit';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBillingAddPaymentMethodMutation, useBillingSetupIntentMutation } from '../../../shared/billing-api';
import { toastBillingFailure, toastBillingSuccess } from '../../../shared/billing-toasts';

/**
 * Stripe Elements (loaded lazily: the local card form never downloads this module or Stripe's script). A SetupIntent
 * from svc-billing is confirmed with the card the user entered in Stripe's field; the resulting payment method id
 * is added to the user's cards. The card data itself goes only to Stripe.
 */
interface Props {
  publishableKey: string;
  onAdded: () => void;
  onCancel: () => void;
}

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js instance per publishable key (loadStripe injects Stripe's script once). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const nameSchema = localCardSchema.pick({ name: true });

/** Stripe's field on the dark panel (the iframe cannot read the page's CSS variables). */
const CARD_STYLE = {
  style: {
    base: { color: '#E8EEF8', fontSize: '16px', '::placeholder': { color: '#A9B8CE' }, iconColor: '#FFC94D' },
    invalid: { color: '#FCA5A5', iconColor: '#FCA5A5' },
  },
};

function StripeCardFields({ onAdded, onCancel }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [setupIntent] = useBillingSetupIntentMutation();
  const [addPaymentMethod] = useBillingAddPaymentMethodMutation();
  const [saving, setSaving] = useState(false);
  const cardLabelId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ name: string }>({ resolver: zodResolver(nameSchema), defaultValues: { name: '' } });

  const onSubmit = async ({ name }: { name: string }) => {
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) {
      toastBillingFailure('addFailed', BillingToasts.cardElementNotFound);
      return;
    }
    setSaving(true);
    try {
      let clientSecret: string;
      try {
        clientSecret = (await setupIntent().unwrap()).clientSecret;
      } catch (error) {
        toastBillingFailure('setupFailed', error);
        return;
      }
      const result = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card, billing_details: { name } },
      });
      if (result.error) {
        toastBillingFailure('addFailed', result.error.message ?? '');
        return;
      }
      const pm = result.setupIntent.payment_method;
      const paymentMethodId = typeof pm === 'string' ? pm : pm?.id;
      if (!paymentMethodId) {
        toastBillingFailure('addFailed', '');
        return;
      }
      try {
        await addPaymentMethod({ paymentMethodId }).unwrap();
      } catch (error) {
        toastBillingFailure('addFailed', error);
        return;
      }
      card.clear();
      toastBillingSuccess(BillingToasts.added);
      onAdded();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate aria-label="Card details" onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <Box>
          <Text id={cardLabelId} fontWeight="medium" fontSize="sm" mb="1.5">
            Card
          </Text>
          <Box role="group" aria-labelledby={cardLabelId} borderWidth="1px" borderRadius="l2" px="3" py="3" bg="bg">
            <CardElement options={CARD_STYLE} />
          </Box>
        </Box>
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>Cardholder name</Field.Label>
          <FormInput autoComplete="cc-name" {...register('name')} />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…" disabled={!stripe}>
            Save Card
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export default function StripeCardForm({ publishableKey, ...rest }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...rest} />
    </Elements>
  );
}
