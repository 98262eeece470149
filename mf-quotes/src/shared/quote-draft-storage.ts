import {
  type AirportSearchResult,
  type CreateQuoteRequest,
  type FboDto,
  type QuoteRequestDetailsDto,
  type QuoteUnits,
} from '@rampquote/contracts';
import { readableNotes } from './readable-notes';

/**
 * The request between the form and the review page (spec section 4): 'Review Quote Request' stores it in the
 * browser (this tab's session storage), the review page reads it, 'Edit Request' sets the editing flag so the form
 * reloads it, and the final submit clears it.
 */
export const QUOTE_DRAFT_KEY = 'rampquote.quoteRequestDraft';
export const QUOTE_EDITING_FLAG_KEY = 'rampquote.quoteRequestEditing';

export interface QuoteDraft {
  /** The validated payload of POST /api/quote-requests. */
  request: CreateQuoteRequest;
  /** What the pages show besides the ids. */
  aircraft: { id: string; label: string } | null;
  departureAirport: AirportSearchResult | null;
  destinationAirport: AirportSearchResult | null;
  /** The FBOs listed at the destination when the request was stored (the selected ones are in request.selectedFbos). */
  fbos: Pick<FboDto, 'id' | 'name' | 'phone'>[];
  units: QuoteUnits;
  /** Set when the form amends this sent request: the review page sends PATCH instead of a new request. */
  amendingId?: string;
  /** The amended request's quote ID (RQ-...), for the headings. */
  amendingUniqueId?: string;
  /** The FBO whose confirmation of the pilot's booking is awaited: it is sent the amendment and confirms again. */
  awaitingBookingFrom?: string;
  /** The amended request's notes as the form first showed them: sent again only when the pilot changed them. */
  notesAsSent?: string;
}

/** This tab's session storage, or null where the browser refuses it. */
export function draftStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveQuoteDraft(draft: QuoteDraft): void {
  draftStorage()?.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
}

/**
 * A sent request as the form's draft, to amend it (only its dates, services and notes can change);
 * `awaitingBookingFrom` names the FBO asked to confirm the pilot's booking, if any.
 */
export function amendmentDraft(r: QuoteRequestDetailsDto, awaitingBookingFrom?: string): QuoteDraft {
  const airport = (a: QuoteRequestDetailsDto['airport'] | null): AirportSearchResult | null =>
    a && { id: a.id, identifier: a.identifier, code: a.code, name: a.name, city: a.city, state: a.state };
  return {
    request: {
      aircraftId: r.aircraftId ?? r.aircraft?.id ?? '',
      departureAirportCode: r.originAirport?.identifier ?? '',
      airportCode: r.airport.identifier,
      arrival: r.arrivalDate ?? '',
      departure: r.departureDate ?? '',
      services: r.services as CreateQuoteRequest['services'],
      notes: readableNotes(r.notes),
      selectedFbos: r.fbos.map((f) => f.id),
      units: r.units,
    },
    aircraft: r.aircraft
      ? {
          id: r.aircraft.id,
          label: [r.aircraft.tailNumber, `${r.aircraft.make} ${r.aircraft.model}`.trim()].join(' — '),
        }
      : null,
    departureAirport: airport(r.originAirport),
    destinationAirport: airport(r.airport),
    fbos: r.fbos.map(({ id, name, phone }) => ({ id, name, phone })),
    units: r.units,
    amendingId: r.id,
    amendingUniqueId: r.uniqueId,
    ...(awaitingBookingFrom ? { awaitingBookingFrom } : {}),
    notesAsSent: readableNotes(r.notes) ?? '',
  };
}

/**
 * The stored draft as it is, without the server's rules (the form reloads it for editing even when a field no
 * longer passes); null when there is none or it is not JSON.
 */
export function readQuoteDraftForEditing():
  (Partial<Omit<QuoteDraft, 'request'>> & { request?: Record<string, unknown> }) | null {
  const raw = draftStorage()?.getItem(QUOTE_DRAFT_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object'
      ? (parsed as ReturnType<typeof readQuoteDraftForEditing>)
      : null;
  } catch {
    return null;
  }
}

export function clearQuoteDraft(): void {
  draftStorage()?.removeItem(QUOTE_DRAFT_KEY);
  draftStorage()?.removeItem(QUOTE_EDITING_FLAG_KEY);
}

/** Set by the review page's Back arrow and 'Edit Request'. */
export function setQuoteEditingFlag(): void {
  draftStorage()?.setItem(QUOTE_EDITING_FLAG_KEY, 'true');
}

/** Whether the form opens to edit the stored request (read without clearing: see clearQuoteEditingFlag). */
export function isQuoteEditing(): boolean {
  return draftStorage()?.getItem(QUOTE_EDITING_FLAG_KEY) === 'true';
}

/** The form clears the flag once it has reloaded the stored request. */
export function clearQuoteEditingFlag(): void {
  draftStorage()?.removeItem(QUOTE_EDITING_FLAG_KEY);
}

/** The sent request the form is about to open for amending (editing flag set, draft with amendingId), or null. */
export function requestBeingAmended(): { id: string; uniqueId: string | null } | null {
  if (!isQuoteEditing()) return null;
  const stored = readQuoteDraftForEditing();
  if (typeof stored?.amendingId !== 'string') return null;
  return {
    id: stored.amendingId,
    uniqueId: typeof stored.amendingUniqueId === 'string' ? stored.amendingUniqueId : null,
  };
}
