// The stored draft read back against the server's rules: the only part of the draft's handling that needs the
// request schemas (and zod), kept apart so the pages that only store a draft (request details) do not carry them.
import { amendQuoteRequestSchema, createQuoteRequestSchema, type CreateQuoteRequest } from '@rampquote/contracts';
import { draftStorage, QUOTE_DRAFT_KEY, type QuoteDraft } from './quote-draft-storage';

export type QuoteDraftReading = { kind: 'none' } | { kind: 'invalid' } | { kind: 'ok'; draft: QuoteDraft };

/** The stored request: none, unreadable (not JSON, or not a request the server would take), or the draft. */
export function readQuoteDraft(): QuoteDraftReading {
  const raw = draftStorage()?.getItem(QUOTE_DRAFT_KEY);
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
