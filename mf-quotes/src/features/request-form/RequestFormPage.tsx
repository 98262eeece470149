import { usePageMeta } from '@rampquote/web-kit';
import { RequestForm } from './RequestForm';

export const REQUEST_FORM_META = {
  title: 'Request for Quote',
  description: 'Request fuel, hangar and ground-service quotes from the FBOs you select.',
  path: '/rfi-form',
} as const;

/** /rfi-form. */
export function RequestFormPage() {
  usePageMeta(REQUEST_FORM_META);
  return <RequestForm />;
}
