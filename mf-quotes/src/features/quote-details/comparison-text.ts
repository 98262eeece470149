import type { ComparisonCell, ComparisonFee, ComparisonOffer } from '@rampquote/contracts';
import { formatQuantity, formatUsd } from '../../shared/quote-format';

/**
 * A row's price at one FBO: "$6.25 × 500 gallons" ("+ $50.00 fuel service" when the FBO priced that too),
 * "$125.00 × 2 nights", "$45.00", "Unavailable", "Not priced".
 */
export function cellDetail(cell: ComparisonCell): string {
  if (cell.status === 'unavailable') return 'Unavailable';
  if (cell.status === 'not_priced' || cell.unitPrice === null) return 'Not priced';
  const serviceFee = cell.serviceFee == null ? '' : ` + ${formatUsd(cell.serviceFee)} fuel service`;
  if (cell.unit !== null && cell.quantity !== null)
    return `${formatUsd(cell.unitPrice)} × ${formatQuantity(cell.quantity, cell.unit)}${serviceFee}`;
  return formatUsd(cell.unitPrice);
}

/** "$20.00 × 2 nights" or "$150.00". */
export function feeDetail(fee: ComparisonFee): string {
  return fee.nights !== null
    ? `${formatUsd(fee.price)} × ${formatQuantity(fee.nights, 'night')}`
    : formatUsd(fee.price);
}

/** "Incomplete: no price for Hangar. Not ranked." */
export function incompleteText(offer: ComparisonOffer): string {
  return `Incomplete: no price for ${offer.missing.join(', ')}. Not ranked.`;
}

/**
 * "Awaiting re-pricing: this estimate was for the earlier version of this request (version 1). It stays out of the
 * comparison until Bravo Aviation confirms or re-prices it."
 */
export function earlierVersionText(fboName: string, forVersion: number | null): string {
  const which = forVersion === null ? '' : ` (version ${forVersion})`;
  return `Awaiting re-pricing: this estimate was for the earlier version of this request${which}. It stays out of the comparison until ${fboName} confirms or re-prices it.`;
}
