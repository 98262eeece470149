import { usePageMeta } from '@rampquote/web-kit';
import { useState } from 'react';
import { requestBeingAmended } from '../../shared/quote-draft-storage';
import { RequestForm } from './RequestForm';

export const REQUEST_FORM_META = {
  title: 'Request for Quote',
  description: 'Request fuel, hangar and ground-service quotes from the FBOs you select.',
  path: '/rfi-form',
} as const;

/** /rfi-form: a new request, or a sent one being amended. */
export function RequestFormPage() {
  const [amending] = useState(requestBeingAmended);
  usePageMeta(
    amending
      ? {
          ...REQUEST_FORM_META,
          title: amending.uniqueId ? `Amend Request ${amending.uniqueId}` : 'Amend Request',
          description: 'Change the dates, fuel, services or notes of a sent quote request.',
        }
      : REQUEST_FORM_META,
  );
  return <RequestForm />;
}
