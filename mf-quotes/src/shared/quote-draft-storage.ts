import {
  amendQuoteRequestSchema,
  createQuoteRequestSchema,
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

export type QuoteDraftReading = { kind: 'none' } | { kind: 'invalid' } | { kind: 'ok'; draft: QuoteDraft };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveQuoteDraft(draft: QuoteDraft): void {
  storage()?.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
}

/** The stored request: none, unreadable (not JSON, or not a request the server would take), or the draft. */
export function readQuoteDraft(): QuoteDraftReading {
  const raw = storage()?.getItem(QUOTE_DRAFT_KEY);
  if (raw === null || raw === undefined || raw === '') return { kind: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'invalid' };
  }
  if (parsed === null || typeof parsed !== 'object' || !('request' in parsed)) return { kind: 'invalid' };
  const stored = parsed as Partial<QuoteDraft>;
  const request =
    typeof stored.amendingId === 'string' ? amendedRequest(stored.request, stored.units) : validRequest(stored.request);
  if (!request) return { kind: 'invalid' };
  return {
    kind: 'ok',
    draft: {
      request,
      aircraft: stored.aircraft ?? null,
      departureAirport: stored.departureAirport ?? null,
      destinationAirport: stored.destinationAirport ?? null,
      fbos: Array.isArray(stored.fbos) ? stored.fbos : [],
      units: stored.units === 'metric' ? 'metric' : 'standard',
      ...(typeof stored.amendingId === 'string' ? { amendingId: stored.amendingId } : {}),
      ...(typeof stored.amendingUniqueId === 'string' ? { amendingUniqueId: stored.amendingUniqueId } : {}),
      ...(typeof stored.awaitingBookingFrom === 'string' ? { awaitingBookingFrom: stored.awaitingBookingFrom } : {}),
      ...(typeof stored.notesAsSent === 'string' ? { notesAsSent: stored.notesAsSent } : {}),
    },
  };
}

function validRequest(request: unknown): CreateQuoteRequest | null {
  const parsed = createQuoteRequestSchema.safeParse(request);
  return parsed.success ? parsed.data : null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * An amendment: only its dates, services and notes are sent, so only they must pass the form's rules; the aircraft,
 * airports and FBOs are kept as the request was sent (shown, never sent).
 */
function amendedRequest(request: unknown, units: unknown): CreateQuoteRequest | null {
  const amendable = amendQuoteRequestSchema.safeParse(request);
  if (!amendable.success) return null;
  const sent = (request ?? {}) as Record<string, unknown>;
  return {
    aircraftId: text(sent.aircraftId),
    departureAirportCode: text(sent.departureAirportCode),
    airportCode: text(sent.airportCode),
    selectedFbos: Array.isArray(sent.selectedFbos) ? sent.selectedFbos.filter((id) => typeof id === 'string') : [],
    units: units === 'metric' ? 'metric' : 'standard',
    ...amendable.data,
  };
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
  const raw = storage()?.getItem(QUOTE_DRAFT_KEY);
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
  storage()?.removeItem(QUOTE_DRAFT_KEY);
  storage()?.removeItem(QUOTE_EDITING_FLAG_KEY);
}

/** Set by the review page's Back arrow and 'Edit Request'. */
export function setQuoteEditingFlag(): void {
  storage()?.setItem(QUOTE_EDITING_FLAG_KEY, 'true');
}

/** Whether the form opens to edit the stored request (read without clearing: see clearQuoteEditingFlag). */
export function isQuoteEditing(): boolean {
  return storage()?.getItem(QUOTE_EDITING_FLAG_KEY) === 'true';
}

/** The form clears the flag once it has reloaded the stored request. */
export function clearQuoteEditingFlag(): void {
  storage()?.removeItem(QUOTE_EDITING_FLAG_KEY);
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
