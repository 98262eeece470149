import { AMENDED_FIELD_LABELS, formatQuantity, type EstimatePageAmendment } from '@rampquote/contracts';
import { formatDateTime } from '../../shared/format';

type Change = EstimatePageAmendment['changes'][number];

/** One amended value as the page reads it: dates in the reader's zone, gallons and lists as everywhere else. */
export function amendedValue(field: Change['field'], value: Change['before']): string {
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return 'None';
  if (field === 'arrival' || field === 'departure') return formatDateTime(String(value));
  if (field === 'fuelAmount') return formatQuantity(Number(value), 'gallon');
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** "Departure: May 3, 2030, 11:00 AM → May 4, 2030, 11:00 AM". */
export const amendedLine = (change: Change) =>
  `${AMENDED_FIELD_LABELS[change.field]}: ${amendedValue(change.field, change.before)} → ${amendedValue(change.field, change.after)}`;

/** Whether the amendment moved the visit. */
export const datesChanged = (amendment: Pick<EstimatePageAmendment, 'changes'> | null | undefined) =>
  Boolean(amendment?.changes.some((c) => c.field === 'arrival' || c.field === 'departure'));
