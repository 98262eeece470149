import { isQuoteComplete, responsePercentage, type QuoteRequestListItemDto } from '@rampquote/contracts';

export const UNKNOWN_AIRPORT = 'Unknown Airport';
export const MISSING_IDENTIFIER = 'N/A';

export interface QuoteRowStatus {
  /** Every FBO asked has answered. */
  complete: boolean;
  /** The status column's word: 'Complete' or 'Pending' (derived, spec section 4) while the request is open, else
   * what happened to it ('Cancelled'). */
  label: 'Complete' | 'Pending' | 'Cancelled' | 'Booking requested' | 'Booked';
  /** The badge's and the bar's colour. */
  palette: 'green' | 'yellow' | 'gray' | 'blue';
  percent: number;
  /** "67% - Some responses received"; "Cancelled - 1 of 3 FBOs had answered". */
  progressText: string;
  /** Print PDF: a Complete request (spec section 2). */
  canPrint: boolean;
  /** Delete: a Complete or a cancelled request (a cancelled one will never complete). */
  canDelete: boolean;
}

/** The FBO Response Status column of a My Quotes row. */
export function quoteRowStatus(
  row: Pick<QuoteRequestListItemDto, 'status' | 'responseCount' | 'totalFbosCount'>,
): QuoteRowStatus {
  const complete = isQuoteComplete(row);
  const percent = responsePercentage(row);
  if (row.status === 'cancelled') {
    return {
      complete,
      label: 'Cancelled',
      palette: 'gray',
      percent,
      progressText: `Cancelled - ${row.responseCount} of ${row.totalFbosCount} FBOs had answered`,
      canPrint: complete,
      canDelete: true,
    };
  }
  if (row.status === 'booked-pending' || row.status === 'booked') {
    const booked = row.status === 'booked';
    return {
      complete,
      label: booked ? 'Booked' : 'Booking requested',
      palette: booked ? 'green' : 'blue',
      percent,
      progressText: booked ? 'Booked - the FBO confirmed' : 'Booking requested - waiting for the FBO to confirm',
      canPrint: true,
      canDelete: false,
    };
  }
  const suffix =
    row.responseCount === 0
      ? ' - Waiting for responses'
      : complete
        ? ' - All quotes received'
        : ' - Some responses received';
  return {
    complete,
    label: complete ? 'Complete' : 'Pending',
    palette: complete ? 'green' : 'yellow',
    percent,
    progressText: `${percent}%${suffix}`,
    canPrint: complete,
    canDelete: complete,
  };
}

/** A request that can still change (answers to come, not cancelled): worth keeping live. */
export function isOpenRow(row: QuoteRequestListItemDto): boolean {
  return (
    row.status !== 'cancelled' &&
    row.status !== 'completed' &&
    row.status !== 'booked' &&
    (row.status === 'booked-pending' || !isQuoteComplete(row))
  );
}

/** Search of spec section 4: case-insensitive on the destination identifier and name and the quote ID; empty shows all. */
export function filterQuoteRows(rows: readonly QuoteRequestListItemDto[], search: string): QuoteRequestListItemDto[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...rows];
  return rows.filter((row) =>
    [row.airport?.identifier, row.airport?.name, row.uniqueId].some((value) =>
      (value ?? '').toLowerCase().includes(term),
    ),
  );
}

/** "KSEA" / "Seattle-Tacoma International" with the spec's placeholders for missing parts. */
export function airportParts(airport: { identifier: string; name: string } | null): {
  identifier: string;
  name: string;
} {
  return { identifier: airport?.identifier || MISSING_IDENTIFIER, name: airport?.name || UNKNOWN_AIRPORT };
}
