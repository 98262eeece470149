import type { AircraftDto, CreateQuoteRequest, QuoteUnits } from '@rampquote/contracts';
import {
  defaultServicesValues,
  servicesPayload,
  servicesValuesFrom,
  type ServicesFormValues,
} from '../../shared/services-fields/services-form-values';
import type { QuoteDraft } from '../../shared/quote-draft-storage';

/** The request form's values (spec section 3 payload, as the inputs hold it). */
export interface RequestFormValues {
  aircraftId: string;
  departureAirportCode: string;
  airportCode: string;
  /** ISO date-times, '' until chosen. */
  arrival: string;
  departure: string;
  services: ServicesFormValues;
  notes: string;
  selectedFbos: string[];
}

export function emptyRequestFormValues(aircraftId = ''): RequestFormValues {
  return {
    aircraftId,
    departureAirportCode: '',
    airportCode: '',
    arrival: '',
    departure: '',
    services: defaultServicesValues(),
    notes: '',
    selectedFbos: [],
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The values of a stored request being edited; missing fields (fuel ones included) take the new-request values. */
export function requestFormValuesFrom(request: Record<string, unknown> | null | undefined): RequestFormValues {
  const r = request ?? {};
  return {
    aircraftId: text(r.aircraftId),
    departureAirportCode: text(r.departureAirportCode),
    airportCode: text(r.airportCode),
    arrival: text(r.arrival),
    departure: text(r.departure),
    services: servicesValuesFrom(r.services as Record<string, unknown> | undefined),
    notes: text(r.notes),
    selectedFbos: Array.isArray(r.selectedFbos) ? r.selectedFbos.map(text).filter(Boolean) : [],
  };
}

/** The payload to store and send: the schema's output with the details of services that are off dropped. */
export function requestPayload(parsed: CreateQuoteRequest, units: QuoteUnits): CreateQuoteRequest {
  return { ...parsed, services: servicesPayload(parsed.services), units };
}

/** "N172SP — Cessna 172S" (tail number, make and model), or the profile name. */
export function aircraftLabel(aircraft: Pick<AircraftDto, 'name' | 'make' | 'model' | 'tailNumber'>): string {
  const makeModel = [aircraft.make, aircraft.model].filter(Boolean).join(' ');
  if (aircraft.tailNumber && makeModel) return `${aircraft.tailNumber} — ${makeModel}`;
  return aircraft.tailNumber || makeModel || aircraft.name;
}

export type DraftParts = Omit<QuoteDraft, 'request' | 'units'>;
