import { isQuoteComplete, responsePercentage, type QuoteRequestListItemDto } from '@rampquote/contracts';

export const UNKNOWN_AIRPORT = 'Unknown Airport';
export const MISSING_IDENTIFIER = 'N/A';

export interface QuoteRowStatus {
  complete: boolean;
  /** 'Complete' or 'Pending' (derived, spec section 4). */
  label: 'Complete' | 'Pending';
  percent: number;
  /** "67% - Some responses received". */
  progressText: string;
}

/** The FBO Response Status column of a My Quotes row. */
export function quoteRowStatus(row: Pick<QuoteRequestListItemDto, 'responseCount' | 'totalFbosCount'>): QuoteRowStatus {
  const complete = isQuoteComplete(row);
  const percent = responsePercentage(row);
  const suffix =
    row.responseCount === 0
      ? ' - Waiting for responses'
      : complete
        ? ' - All quotes received'
        : ' - Some responses received';
  return { complete, label: complete ? 'Complete' : 'Pending', percent, progressText: `${percent}%${suffix}` };
}

/** A request that can still change (answers to come, not cancelled): worth keeping live. */
export function isOpenRow(row: QuoteRequestListItemDto): boolean {
  return row.status !== 'cancelled' && row.status !== 'completed' && !isQuoteComplete(row);
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
