import {
  NotificationLabels,
  type NotificationPreferences as Preferences,
  type QuoteRequestDetailsDto,
} from '@rampquote/contracts';
import { Checkbox, Stack, Text, toast } from '@rampquote/web-kit';
import { useState } from 'react';
import { serverMessageOr } from '../../../shared/server-message';
import { useTrackingNotificationsMutation } from '../../../shared/quote-tracking-api';
import { NOTIFICATIONS_FAILED } from '../quote-details-text';

const KEYS = ['emailEachResponse', 'emailAllResponded'] as const satisfies readonly (keyof Preferences)[];

/**
 * The two "Email me" checkboxes (spec section 2), saved with the request (decided deviation: they are honoured).
 * A change is saved at once; a failure puts the box back and says why.
 */
export function NotificationPreferences({ request }: { request: QuoteRequestDetailsDto }) {
  const [save] = useTrackingNotificationsMutation();
  const [pending, setPending] = useState<Partial<Preferences>>({});
  const [saved, setSaved] = useState(false);

  const onChange = async (key: keyof Preferences, value: boolean) => {
    setSaved(false);
    setPending((p) => ({ ...p, [key]: value }));
    try {
      await save({ id: request.id, changes: { [key]: value } }).unwrap();
      setSaved(true);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, NOTIFICATIONS_FAILED), type: 'error' });
    } finally {
      setPending((p) => {
        const next = { ...p };
        delete next[key];
        return next;
      });
    }
  };

  return (
    <Stack as="fieldset" gap="2">
      <Text as="legend" fontWeight="semibold" mb="1">
        E-mail notifications
      </Text>
      {KEYS.map((key) => (
        <Checkbox.Root
          key={key}
          colorPalette="brand"
          checked={pending[key] ?? request.notifications[key]}
          disabled={pending[key] !== undefined}
          onCheckedChange={(details) => void onChange(key, details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{NotificationLabels[key]}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      <Text role="status" fontSize="sm" color="fg.success" minH="5">
        {saved ? 'Notification preferences saved.' : ''}
      </Text>
    </Stack>
  );
}
