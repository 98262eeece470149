import {
  DECLINE_REASON_LABELS,
  ESTIMATE_SERVICE_KEYS,
  FEE_KINDS,
  type Fees,
  estimateLineCents,
  requestedServiceLabels,
  type EstimateLine,
  type QuoteFboDto,
  type QuoteRequestDetailsDto,
  type QuoteResponseDetailsDto,
  type QuoteResponseResultDto,
  type ServicesQuoted,
  type ServicesQuotedDto,
} from '@rampquote/contracts';
import type { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import type { QuoteRequest } from '../quote-requests/quote-request.entity';
import type { QuoteResponse, StoredLine, StoredServicesQuoted } from '../fbo-quotes/quote-response.entity';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const dollars = (cents: number) => Math.round(cents) / 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days between arrival and departure, rounded up (spec section 9). */
export function tripDurationDays(arrival: Date | null, departure: Date | null): number | null {
  if (!arrival || !departure) return null;
  return Math.ceil((departure.getTime() - arrival.getTime()) / DAY_MS);
}

/** An unanswered invitation is out of date once the visit is over (departure, else arrival, has passed). */
export function visitIsOver(request: Pick<QuoteRequest, 'arrivalDate' | 'departureDate'>, now = new Date()): boolean {
  const end = request.departureDate ?? request.arrivalDate;
  return end !== null && end.getTime() < now.getTime();
}

/** What toDetails reads of a request: every column but the bookkeeping ones. */
export type DetailsRequest = Omit<QuoteRequest, 'requesterId' | 'source' | 'updatedAt'>;
/** What toDetails reads of an invitation. */
export type DetailsInvitation = Pick<QuoteInvitation, 'fbo' | 'status' | 'respondedAt'>;

export function toDetails(
  r: DetailsRequest,
  invitations: DetailsInvitation[],
  versions: QuoteRequestDetailsDto['versions'] = [],
): QuoteRequestDetailsDto {
  return {
    id: r.id,
    uniqueId: r.uniqueId,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    cancelledAt: iso(r.cancelledAt),
    aircraftId: r.aircraftId,
    aircraft: r.aircraft,
    airportId: r.airportId,
    airport: r.airport,
    originAirportId: r.originAirportId,
    originAirport: r.originAirport,
    arrivalDate: iso(r.arrivalDate),
    departureDate: iso(r.departureDate),
    tripDurationDays: tripDurationDays(r.arrivalDate, r.departureDate),
    fuelType: r.fuelType,
    fuelAmount: r.fuelAmount,
    units: r.units,
    services: r.services,
    requestedServices: requestedServiceLabels(r.services, r.units),
    notes: r.notes,
    responseCount: r.responseCount,
    totalFbosCount: r.totalFbosCount,
    notifications: { emailEachResponse: r.emailEachResponse, emailAllResponded: r.emailAllResponded },
    requester: r.requester,
    fbos: invitations.map((i) => ({ ...i.fbo, status: i.status, respondedAt: iso(i.respondedAt) })),
    version: r.version,
    versions,
  };
}

// Estimates: stored in cents, read back in USD ---------------------------------------------------------------

const toCents = (price: number) => Math.round(price * 100);

/** The fees as stored (cents); none when the FBO named none. */
export function toStoredFees(fees: Fees): NonNullable<StoredServicesQuoted['fees']> {
  const stored: NonNullable<StoredServicesQuoted['fees']> = {};
  for (const kind of FEE_KINDS) {
    const fee = fees[kind];
    if (fee) stored[kind] = { priceCents: toCents(fee.price), waivedWithGallons: fee.waivedWithGallons };
  }
  return stored;
}

/** The stored fees in USD. */
export function toFees(stored: StoredServicesQuoted | null): Fees {
  const fees: Fees = {};
  for (const kind of FEE_KINDS) {
    const fee = stored?.fees?.[kind];
    if (fee) fees[kind] = { price: dollars(fee.priceCents), waivedWithGallons: fee.waivedWithGallons };
  }
  return fees;
}

export function toStoredServices(quoted: ServicesQuoted): StoredServicesQuoted {
  const stored: StoredServicesQuoted = { customServices: [] };
  for (const key of ESTIMATE_SERVICE_KEYS) {
    const line = quoted[key];
    if (!line) continue;
    stored[key] = {
      priceCents: line.price === null ? null : toCents(line.price),
      quantity: line.quantity,
      days: line.days,
      unavailable: line.unavailable,
      notes: line.notes,
    };
  }
  stored.customServices = quoted.customServices.map((c) => ({
    id: c.id,
    name: c.name,
    priceCents: toCents(c.price),
    notes: c.notes,
  }));
  return stored;
}

function toLine(line: StoredLine): EstimateLine {
  return {
    price: line.priceCents === null ? null : dollars(line.priceCents),
    quantity: line.quantity,
    days: line.days,
    unavailable: line.unavailable,
    notes: line.notes,
  };
}

/** The stored estimate in the submission's own shape (what the FBO sent). */
export function toSubmittedServices(stored: StoredServicesQuoted): ServicesQuoted {
  const quoted: ServicesQuoted = { customServices: [] };
  for (const key of ESTIMATE_SERVICE_KEYS) {
    const line = stored[key];
    if (line) quoted[key] = toLine(line);
  }
  quoted.customServices = stored.customServices.map((c) => ({
    id: c.id,
    name: c.name,
    price: dollars(c.priceCents),
    notes: c.notes,
  }));
  return quoted;
}

function toServicesQuotedDto(stored: StoredServicesQuoted): ServicesQuotedDto {
  const dto: ServicesQuotedDto = { customServices: [] };
  for (const key of ESTIMATE_SERVICE_KEYS) {
    const line = stored[key];
    if (!line) continue;
    const read = toLine(line);
    dto[key] = { ...read, total: dollars(estimateLineCents(read)) };
  }
  dto.customServices = stored.customServices.map((c) => ({
    id: c.id,
    name: c.name,
    price: dollars(c.priceCents),
    notes: c.notes,
  }));
  return dto;
}

/** The fuel line of an estimate: the dedicated Fuel Pricing section, else Fuel Service. */
function fuelLine(stored: StoredServicesQuoted | null): StoredLine | null {
  const line = stored?.dedicatedFuel ?? stored?.fuel;
  return line && !line.unavailable && line.priceCents !== null ? line : null;
}

/** Price per gallon (cents) of a stored estimate, or null. */
export function pricePerGallonCents(stored: StoredServicesQuoted): number | null {
  return fuelLine(stored)?.priceCents ?? null;
}

/** The request's current version, against which an estimate is for an earlier one. */
type CurrentVersion = Pick<QuoteRequest, 'version'>;

function common(response: QuoteResponse, fbo: QuoteFboDto, request: CurrentVersion, now: Date) {
  return {
    id: response.id,
    fboId: response.fboId,
    fbo,
    status: response.kind,
    declined:
      response.kind === 'declined' && response.declineReason
        ? {
            reason: response.declineReason,
            label: DECLINE_REASON_LABELS[response.declineReason],
            text: response.declineText,
          }
        : null,
    respondedAt: response.createdAt.toISOString(),
    validUntil: iso(response.validUntil),
    expired: response.validUntil !== null && response.validUntil.getTime() < now.getTime(),
    notes: response.notes,
    forEarlierVersion: response.kind === 'submitted' && response.requestVersion < request.version,
  };
}

/** The details page's reading (amounts in USD). */
export function toResponseDetails(
  response: QuoteResponse,
  fbo: QuoteFboDto,
  request: Pick<QuoteRequest, 'fuelType' | 'fuelAmount' | 'version'>,
  now = new Date(),
): QuoteResponseDetailsDto {
  const stored = response.servicesQuoted;
  const fuel = fuelLine(stored);
  const fuelRead = fuel ? toLine(fuel) : null;
  return {
    ...common(response, fbo, request, now),
    totalPrice: response.totalPriceCents === null ? null : dollars(response.totalPriceCents),
    totalPriceCents: response.totalPriceCents,
    fuelQuantity: fuelRead?.quantity ?? (stored ? request.fuelAmount : null),
    fuelType: stored ? request.fuelType : null,
    pricePerGallon: fuelRead?.price ?? null,
    totalFuelPrice: fuelRead ? dollars(estimateLineCents(fuelRead)) : null,
    servicesQuoted: stored ? toServicesQuotedDto(stored) : null,
  };
}

/** The results view's reading (totalPrice in cents; services as {price} / {dailyRate} with a discount of 0). */
export function toResponseResult(
  response: QuoteResponse,
  fbo: QuoteFboDto,
  request: CurrentVersion,
  now = new Date(),
): QuoteResponseResultDto {
  const stored = response.servicesQuoted;
  const priced = (line: StoredLine | undefined) =>
    line && !line.unavailable && line.priceCents !== null ? dollars(line.priceCents) : null;
  const servicesQuoted: QuoteResponseResultDto['servicesQuoted'] = {};
  if (stored) {
    const fuel = fuelLine(stored);
    if (fuel?.priceCents != null) servicesQuoted.fuel = { price: dollars(fuel.priceCents), discount: 0 };
    const hangar = priced(stored.hangar);
    if (hangar !== null) servicesQuoted.hangar = { dailyRate: hangar, discount: 0 };
    for (const key of ['cleaning', 'lavatory', 'catering'] as const) {
      const price = priced(stored[key]);
      if (price !== null) servicesQuoted[key] = { price };
    }
    const transport = stored.customServices.find((c) => /transport/i.test(c.name));
    if (transport) servicesQuoted.transportation = { price: dollars(transport.priceCents) };
  }
  const base = common(response, fbo, request, now);
  return {
    ...base,
    responseTime: base.respondedAt,
    pricePerGallon: response.pricePerGallonCents === null ? null : dollars(response.pricePerGallonCents),
    totalPrice: response.totalPriceCents,
    servicesQuoted,
  };
}
