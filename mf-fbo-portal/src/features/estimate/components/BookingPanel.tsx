import { BookingMessages, type EstimatePageDataDto } from '@rampquote/contracts';
import { Alert, Button, Field, isApiError, Stack, Text, Textarea, toast } from '@rampquote/web-kit';
import { useState } from 'react';
import { useFboPortalBookingDecisionMutation, type EstimateSource } from '../api/estimate-api';

export const BOOKING_TEXTS = {
  requested: 'The customer chose your estimate and asks you to confirm the booking.',
  confirmed: 'Booking confirmed. The customer has been told.',
  declined: 'You declined this booking. The customer has been told.',
  other: BookingMessages.notSelected,
  failed: 'Your answer could not be sent. Please try again.',
} as const;

/** The field's message of a 400, else the server's error, else a retry hint. */
const messageOf = (error: unknown): string => {
  const body = isApiError(error)
    ? (error.body as { error?: string; details?: { message: string }[] } | undefined)
    : undefined;
  return body?.details?.[0]?.message ?? body?.error ?? BOOKING_TEXTS.failed;
};

/** The pilot's booking on the FBO's link page or inbox: confirm or decline (with a reason) when this FBO was chosen. */
export function BookingPanel({ data, source }: { data: EstimatePageDataDto; source: EstimateSource }) {
  const [decide, { isLoading }] = useFboPortalBookingDecisionMutation();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const booking = data.booking;
  if (!booking) return null;
  if (booking.state !== 'requested') {
    return (
      <Alert.Root status={booking.state === 'confirmed' ? 'success' : 'info'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{BOOKING_TEXTS[booking.state]}</Alert.Title>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const send = async (decision: 'confirm' | 'decline') => {
    setError(null);
    try {
      await decide({ source, body: { decision, reason: decision === 'decline' ? reason : null } }).unwrap();
      toast({ title: decision === 'confirm' ? 'Booking confirmed' : 'Booking declined', type: 'success' });
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Stack as="section" aria-label="Booking" gap="3" borderWidth="1px" borderColor="border" borderRadius="l2" p="4">
      <Text fontWeight="semibold">{BOOKING_TEXTS.requested}</Text>
      {declining ? (
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Reason for declining</Field.Label>
          <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      ) : error ? (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
        {declining ? (
          <>
            <Button colorPalette="red" loading={isLoading} onClick={() => void send('decline')}>
              Decline booking
            </Button>
            <Button variant="ghost" onClick={() => setDeclining(false)}>
              Back
            </Button>
          </>
        ) : (
          <>
            <Button colorPalette="brand" loading={isLoading} onClick={() => void send('confirm')}>
              Confirm booking
            </Button>
            <Button variant="outline" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}
