import { BookingMessages, type EstimatePageDataDto } from '@rampquote/contracts';
import { Alert, Button, Field, isApiError, Stack, Text, Textarea, toast } from '@rampquote/web-kit';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { amendedLine, datesChanged } from '../amendment-text';
import { useFboPortalBookingDecisionMutation, type EstimateSource } from '../api/estimate-api';

export const BOOKING_TEXTS = {
  requested: 'The customer chose your estimate and asks you to confirm the booking.',
  confirmed: 'Booking confirmed. The customer has been told.',
  declined: 'You declined this booking. The customer has been told.',
  other: BookingMessages.notSelected,
  datesChanged: (when: string) =>
    `The customer amended this request on ${when} and the visit dates changed. Check the new dates before you confirm:`,
  requestChanged: (when: string) =>
    `The customer amended this request on ${when}. Check what changed before you confirm.`,
  failed: 'Your answer could not be sent. Please try again.',
} as const;

/** The field's message of a 400, else the server's error, else a retry hint. */
const messageOf = (error: unknown): string => {
  const body = isApiError(error)
    ? (error.body as { error?: string; details?: { message: string }[] } | undefined)
    : undefined;
  return body?.details?.[0]?.message ?? body?.error ?? BOOKING_TEXTS.failed;
};

/** On an amended request: the booking is for the request as it now reads, with the dates moved if they were. */
function AmendedBooking({ amendment }: { amendment: NonNullable<EstimatePageDataDto['amendment']> }) {
  const when = formatDateTime(amendment.amendedAt);
  if (!datesChanged(amendment))
    return (
      <Text role="note" fontWeight="medium">
        {BOOKING_TEXTS.requestChanged(when)}
      </Text>
    );
  const dates = amendment.changes.filter((c) => c.field === 'arrival' || c.field === 'departure');
  return (
    <Stack role="note" gap="1" fontWeight="medium">
      <Text>{BOOKING_TEXTS.datesChanged(when)}</Text>
      <Stack as="ul" gap="0.5" ps="5" listStyleType="disc">
        {dates.map((change) => (
          <Text as="li" key={change.field}>
            {amendedLine(change)}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** The pilot's booking on the FBO's link page or inbox: confirm or decline (with a reason) when this FBO was chosen. */
export function BookingPanel({ data, source }: { data: EstimatePageDataDto; source: EstimateSource }) {
  const [decide, { isLoading }] = useFboPortalBookingDecisionMutation();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const booking = data.booking;
  const amendment = data.amendment ?? null;
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
      {amendment ? <AmendedBooking amendment={amendment} /> : null}
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
