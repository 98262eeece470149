import { z } from 'zod';
import { DECLINE_REASONS, type EstimateServiceKey } from './answer-keys';
import {
  FEE_KINDS,
  FEE_LABELS,
  PER_NIGHT_FEES,
  requestedEstimateKeys,
  toEstimatePageServices,
  type FeeKind,
  type Fees,
} from './fbo-quotes';
import { formatNumber, formatQuantity } from './format';
import {
  QUOTE_INVITATION_STATUSES,
  QUOTE_REQUEST_STATUSES,
  quoteFboDtoSchema,
  type QuoteFboDto,
  type QuoteInvitationStatus,
  type QuoteRequestStatus,
  type QuoteServices,
} from './quote-requests';

/**
 * The like-for-like comparison (GET /api/quote-requests/{id}/comparison): the requested services are the rows,
 * each answering FBO an offer priced over those rows only. Best and Highest Price and the savings are decided among
 * complete offers (every requested service priced) by their landed total: fuel + requested services + the fees
 * not waived at the requested fuel. Amounts in USD.
 */

export const COMPARISON_ROW_KEYS = [
  'fuel',
  'hangar',
  'cleaning',
  'lavatory',
  'catering',
  'coffee',
  'ice',
  'potableWater',
  'gpu',
  'newspapers',
] as const;
export type ComparisonRowKey = (typeof COMPARISON_ROW_KEYS)[number];

export const COMPARISON_ROW_LABELS: Record<ComparisonRowKey, string> = {
  fuel: 'Fuel',
  hangar: 'Hangar',
  cleaning: 'Cleaning',
  lavatory: 'Lavatory service',
  catering: 'Catering',
  coffee: 'Coffee',
  ice: 'Ice',
  potableWater: 'Potable water',
  gpu: 'GPU',
  newspapers: 'Newspapers',
};

/** Rows priced per night of the stay. */
export const PER_NIGHT_ROWS: readonly ComparisonRowKey[] = ['hangar'];

export const OFFER_RANKS = ['best', 'highest', 'middle', 'incomplete'] as const;
export type OfferRank = (typeof OFFER_RANKS)[number];

const money = z.number();
const nullableMoney = z.number().nullable();

export const comparisonRowSchema = z.object({
  key: z.enum(COMPARISON_ROW_KEYS),
  label: z.string(),
  /** "Jet A, 300 gallons", "2 nights"; null when there is nothing to add. */
  detail: z.string().nullable(),
});
export type ComparisonRow = z.output<typeof comparisonRowSchema>;

export const comparisonCellSchema = z.object({
  key: z.enum(COMPARISON_ROW_KEYS),
  status: z.enum(['priced', 'unavailable', 'not_priced']),
  /** Price per unit (per gallon, per night) or the flat price. */
  unitPrice: nullableMoney,
  quantity: z.number().nullable(),
  unit: z.enum(['gallon', 'night']).nullable(),
  /** The fuel row's Fuel Service price, counted once beside the price per gallon; null elsewhere. */
  serviceFee: nullableMoney.optional(),
  /** What the row costs at this FBO; null unless priced. */
  total: nullableMoney,
  /** The row's lowest price among the FBOs that priced it (two or more). */
  lowest: z.boolean(),
  notes: z.string().nullable(),
});
export type ComparisonCell = z.output<typeof comparisonCellSchema>;

export const comparisonFeeSchema = z.object({
  kind: z.enum(FEE_KINDS),
  label: z.string(),
  price: money,
  /** Nights charged for a per-night fee, else null. */
  nights: z.number().nullable(),
  /** price x nights (or price); what it adds unless waived. */
  amount: money,
  waivedWithGallons: z.number().nullable(),
  waived: z.boolean(),
  /** Why it is waived or not: "Waived: 500 gallons requested (at least 300)". */
  note: z.string().nullable(),
});
export type ComparisonFee = z.output<typeof comparisonFeeSchema>;

export const comparisonOfferSchema = z.object({
  responseId: z.string(),
  fbo: quoteFboDtoSchema,
  respondedAt: z.string(),
  validUntil: z.string().nullable(),
  expired: z.boolean(),
  notes: z.string().nullable(),
  /** One per row, in the rows' order. */
  cells: z.array(comparisonCellSchema),
  /** The requested services only (fuel included). */
  comparableTotal: money,
  /** Every requested service is priced. */
  complete: z.boolean(),
  /** Labels of the requested services unavailable or not priced. */
  missing: z.array(z.string()),
  /** Services offered but not requested, with their own total (not in comparableTotal or landedTotal). */
  extras: z.array(z.object({ name: z.string(), price: money, notes: z.string().nullable() })),
  extrasTotal: money,
  fees: z.array(comparisonFeeSchema),
  /** The fees not waived. */
  feesTotal: money,
  fuelTotal: nullableMoney,
  /** comparableTotal + feesTotal. */
  landedTotal: money,
  rank: z.enum(OFFER_RANKS),
});
export type ComparisonOffer = z.output<typeof comparisonOfferSchema>;

export const quoteComparisonSchema = z.object({
  quoteRequestId: z.string(),
  uniqueId: z.string(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  /** Nights of the stay (arrival to departure, rounded up; at least 1); null without both dates. */
  nights: z.number().nullable(),
  fuel: z.object({ type: z.string().nullable(), gallons: z.number().nullable() }).nullable(),
  rows: z.array(comparisonRowSchema),
  /** Complete offers by landed total, then the incomplete ones by comparable total. */
  offers: z.array(comparisonOfferSchema),
  bestId: z.string().nullable(),
  highestId: z.string().nullable(),
  /** Highest minus lowest landed total among complete offers, and that as a percentage of the highest. */
  savings: z.object({ amount: money, percent: z.number() }).nullable(),
  declined: z.array(
    z.object({
      fbo: quoteFboDtoSchema,
      reason: z.enum(DECLINE_REASONS),
      label: z.string(),
      text: z.string().nullable(),
    }),
  ),
  /** The FBO the pilot chose: waiting for it to confirm (`requested`) or `confirmed`; null before a choice. */
  booking: z
    .object({
      fboId: z.string(),
      fboName: z.string(),
      state: z.enum(['requested', 'confirmed']),
      requestedAt: z.string().nullable(),
      confirmedAt: z.string().nullable(),
    })
    .nullable(),
  /** FBOs that declined a booking of this request (the pilot chooses again). */
  bookingDeclinedFboIds: z.array(z.string()),
  /** FBOs that have not answered (or were withdrawn with the request). */
  waiting: z.array(z.object({ fboId: z.string(), name: z.string(), status: z.enum(QUOTE_INVITATION_STATUSES) })),
  /** FBOs whose estimate was for an earlier version of the amended request: left out until they price this one. */
  awaitingRepricing: z.array(z.object({ fboId: z.string(), name: z.string(), forVersion: z.number().int() })),
});
export type QuoteComparison = z.output<typeof quoteComparisonSchema>;

// The computation ---------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** A line of an answer as read back (USD). */
export interface ComparableLine {
  price: number | null;
  quantity: number | null;
  days: number | null;
  unavailable: boolean;
  notes: string | null;
}

export interface ComparableAnswer {
  id: string;
  fbo: QuoteFboDto;
  status: 'submitted' | 'declined';
  declined: { reason: (typeof DECLINE_REASONS)[number]; label: string; text: string | null } | null;
  respondedAt: string;
  validUntil: string | null;
  expired: boolean;
  notes: string | null;
  servicesQuoted:
    | (Partial<Record<EstimateServiceKey, ComparableLine>> & {
        customServices: { name: string; price: number; notes: string | null }[];
      })
    | null;
  fees: Fees | null;
}

export interface ComparableRequest {
  id: string;
  uniqueId: string;
  status: QuoteRequestStatus;
  services: Partial<QuoteServices>;
  fuelType: string | null;
  /** Gallons. */
  fuelAmount: number | null;
  arrivalDate: string | null;
  departureDate: string | null;
  bookingFboId?: string | null;
  bookingRequestedAt?: string | null;
  bookingConfirmedAt?: string | null;
  bookingDeclinedFboIds?: string[];
}

/** Nights between arrival and departure, rounded up, at least 1; null without both dates. */
export function nightsOfStay(arrival: string | null, departure: string | null): number | null {
  if (!arrival || !departure) return null;
  const ms = Date.parse(departure) - Date.parse(arrival);
  if (!Number.isFinite(ms)) return null;
  return Math.max(1, Math.ceil(ms / DAY_MS));
}

/** The comparison rows a request asks for, in a fixed order. */
export function comparisonRowKeys(services: Partial<QuoteServices>): ComparisonRowKey[] {
  const keys = new Set<string>(requestedEstimateKeys(toEstimatePageServices(services)));
  return COMPARISON_ROW_KEYS.filter((k) =>
    k === 'fuel' ? keys.has('dedicatedFuel') || keys.has('fuel') : keys.has(k),
  );
}

const cents = (usd: number) => Math.round(usd * 100);
const usd = (c: number) => Math.round(c) / 100;
const isPriced = (line: ComparableLine | undefined): line is ComparableLine & { price: number } =>
  Boolean(line && !line.unavailable && line.price !== null);

/**
 * The fuel row: the price per gallon (Fuel Pricing) for the requested gallons plus the Fuel Service price, which the
 * estimate page and the stored total count once, flat.
 */
function fuelCell(answer: ComparableAnswer, gallons: number | null): ComparisonCell {
  const quoted = answer.servicesQuoted;
  const perGallon = isPriced(quoted?.dedicatedFuel) ? quoted.dedicatedFuel : null;
  const service = isPriced(quoted?.fuel) ? quoted.fuel : null;
  const notes = [perGallon?.notes, service?.notes].filter(Boolean).join('; ') || null;
  if (perGallon) {
    const quantity = gallons ?? perGallon.quantity;
    return {
      key: 'fuel',
      status: 'priced',
      unitPrice: perGallon.price,
      quantity,
      unit: 'gallon',
      serviceFee: service?.price ?? null,
      total: usd(cents(perGallon.price) * (quantity ?? 1) + (service ? cents(service.price) : 0)),
      lowest: false,
      notes,
    };
  }
  if (service)
    return {
      key: 'fuel',
      status: 'priced',
      unitPrice: service.price,
      quantity: null,
      unit: null,
      serviceFee: null,
      total: service.price,
      lowest: false,
      notes,
    };
  const unavailable = [quoted?.dedicatedFuel, quoted?.fuel].find((l) => l?.unavailable);
  return {
    key: 'fuel',
    status: unavailable ? 'unavailable' : 'not_priced',
    unitPrice: null,
    quantity: gallons,
    unit: 'gallon',
    serviceFee: null,
    total: null,
    lowest: false,
    notes: unavailable?.notes ?? null,
  };
}

function serviceCell(key: Exclude<ComparisonRowKey, 'fuel'>, line: ComparableLine | undefined, nights: number | null) {
  const perNight = PER_NIGHT_ROWS.includes(key);
  if (!isPriced(line))
    return {
      key,
      status: line?.unavailable ? ('unavailable' as const) : ('not_priced' as const),
      unitPrice: null,
      quantity: perNight ? nights : null,
      unit: perNight ? ('night' as const) : null,
      total: null,
      lowest: false,
      notes: line?.notes ?? null,
    };
  const multiplier = perNight ? (nights ?? 1) : (line.quantity ?? 1) * (line.days ?? 1);
  return {
    key,
    status: 'priced' as const,
    unitPrice: line.price,
    quantity: perNight ? (nights ?? 1) : line.quantity,
    unit: perNight ? ('night' as const) : null,
    total: usd(cents(line.price) * multiplier),
    lowest: false,
    notes: line.notes,
  };
}

function feesOf(fees: Fees | null, gallons: number | null, nights: number | null): ComparisonFee[] {
  if (!fees) return [];
  const out: ComparisonFee[] = [];
  for (const kind of FEE_KINDS) {
    const fee = fees[kind];
    if (!fee) continue;
    const perNight = PER_NIGHT_FEES.includes(kind);
    const times = perNight ? (nights ?? 1) : 1;
    const threshold = fee.waivedWithGallons;
    const waived = threshold !== null && gallons !== null && gallons >= threshold;
    const atLeast = threshold === null ? null : `waived with at least ${formatQuantity(threshold, 'gallon')}`;
    const note =
      atLeast === null
        ? null
        : waived
          ? `Waived: ${formatQuantity(gallons!, 'gallon')} requested (at least ${formatNumber(threshold!)})`
          : gallons === null
            ? `Not waived: no fuel requested (${atLeast})`
            : `Not waived: ${formatQuantity(gallons, 'gallon')} requested (${atLeast})`;
    out.push({
      kind: kind as FeeKind,
      label: FEE_LABELS[kind],
      price: fee.price,
      nights: perNight ? times : null,
      amount: usd(cents(fee.price) * times),
      waivedWithGallons: threshold,
      waived,
      note,
    });
  }
  return out;
}

/** Builds the comparison of a request from its invitations and answers. */
export function compareOffers(
  request: ComparableRequest,
  invitations: { fboId: string; name: string; status: QuoteInvitationStatus }[],
  answers: ComparableAnswer[],
  awaitingRepricing: QuoteComparison['awaitingRepricing'] = [],
): QuoteComparison {
  const keys = comparisonRowKeys(request.services);
  const nights = nightsOfStay(request.arrivalDate, request.departureDate);
  const gallons = request.fuelAmount && request.fuelAmount > 0 ? request.fuelAmount : null;
  const rows: ComparisonRow[] = keys.map((key) => ({
    key,
    label: COMPARISON_ROW_LABELS[key],
    detail:
      key === 'fuel'
        ? [request.fuelType, gallons !== null ? formatQuantity(gallons, 'gallon') : null].filter(Boolean).join(', ') ||
          null
        : PER_NIGHT_ROWS.includes(key) && nights !== null
          ? formatQuantity(nights, 'night')
          : null,
  }));

  const submitted = answers.filter((a) => a.status === 'submitted');
  const offers: ComparisonOffer[] = submitted.map((answer) => {
    const cells = keys.map((key) =>
      key === 'fuel' ? fuelCell(answer, gallons) : serviceCell(key, answer.servicesQuoted?.[key], nights),
    );
    const comparableCents = cells.reduce((sum, c) => sum + (c.total === null ? 0 : cents(c.total)), 0);
    const missing = cells.filter((c) => c.status !== 'priced').map((c) => COMPARISON_ROW_LABELS[c.key]);
    const extras = (answer.servicesQuoted?.customServices ?? []).map((c) => ({
      name: c.name,
      price: c.price,
      notes: c.notes,
    }));
    const fees = feesOf(answer.fees, gallons, nights);
    const feesCents = fees.filter((f) => !f.waived).reduce((sum, f) => sum + cents(f.amount), 0);
    const fuel = cells.find((c) => c.key === 'fuel');
    return {
      responseId: answer.id,
      fbo: answer.fbo,
      respondedAt: answer.respondedAt,
      validUntil: answer.validUntil,
      expired: answer.expired,
      notes: answer.notes,
      cells,
      comparableTotal: usd(comparableCents),
      complete: missing.length === 0,
      missing,
      extras,
      extrasTotal: usd(extras.reduce((sum, e) => sum + cents(e.price), 0)),
      fees,
      feesTotal: usd(feesCents),
      fuelTotal: fuel?.total ?? null,
      landedTotal: usd(comparableCents + feesCents),
      rank: 'incomplete' as OfferRank,
    };
  });

  // Each row's lowest price among the FBOs that priced it.
  keys.forEach((_, i) => {
    const priced = offers.map((o) => o.cells[i]).filter((c) => c.total !== null);
    if (priced.length < 2) return;
    const low = Math.min(...priced.map((c) => c.total!));
    for (const c of priced) c.lowest = c.total === low;
  });

  const complete = offers.filter((o) => o.complete).sort((a, b) => a.landedTotal - b.landedTotal);
  const incomplete = offers.filter((o) => !o.complete).sort((a, b) => a.comparableTotal - b.comparableTotal);
  complete.forEach((o, i) => {
    o.rank = i === 0 ? 'best' : i === complete.length - 1 ? 'highest' : 'middle';
  });
  const best = complete[0] ?? null;
  const highest = complete.length >= 2 ? complete[complete.length - 1] : null;
  const diff = best && highest ? cents(highest.landedTotal) - cents(best.landedTotal) : 0;

  return {
    quoteRequestId: request.id,
    uniqueId: request.uniqueId,
    status: request.status,
    nights,
    fuel: keys.includes('fuel') ? { type: request.fuelType, gallons } : null,
    rows,
    offers: [...complete, ...incomplete],
    bestId: best?.responseId ?? null,
    highestId: highest?.responseId ?? null,
    savings:
      best && highest
        ? {
            amount: usd(diff),
            percent: highest.landedTotal > 0 ? Math.round((diff / cents(highest.landedTotal)) * 1000) / 10 : 0,
          }
        : null,
    declined: answers
      .filter((a) => a.status === 'declined' && a.declined)
      .map((a) => ({ fbo: a.fbo, reason: a.declined!.reason, label: a.declined!.label, text: a.declined!.text })),
    booking: request.bookingFboId
      ? {
          fboId: request.bookingFboId,
          fboName: [...invitations, ...awaitingRepricing].find((i) => i.fboId === request.bookingFboId)?.name ?? '',
          state: request.status === 'booked' ? 'confirmed' : 'requested',
          requestedAt: request.bookingRequestedAt ?? null,
          confirmedAt: request.bookingConfirmedAt ?? null,
        }
      : null,
    bookingDeclinedFboIds: request.bookingDeclinedFboIds ?? [],
    waiting: invitations
      .filter((i) => i.status === 'open' || i.status === 'withdrawn')
      .map((i) => ({ fboId: i.fboId, name: i.name, status: i.status })),
    awaitingRepricing,
  };
}
