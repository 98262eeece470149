import {
  ESTIMATE_DEFAULT_VALID_DAYS,
  ESTIMATE_MAX_VALID_DAYS,
  estimateLineCents,
  FboQuoteMessages,
  FEE_KINDS,
  nightsOfStay,
  PER_NIGHT_FEES,
  PER_NIGHT_ROWS,
  requestedEstimateKeys,
  submitEstimateSchema,
  UNAVAILABLE_ALLOWED_KEYS,
  type EstimatePageDataDto,
  type EstimateServiceKey,
  type FeeKind,
  type SubmitEstimate,
  type SubmitEstimateInput,
} from '@rampquote/contracts';
import type { Resolver } from 'react-hook-form';
import { endOfLocalDay, localDatePlusDays, toDateInputValue } from '../../shared/format';
import { schemaResolver, type Issue } from '../../shared/schema-resolver';

/**
 * The estimate form (spec sections 2, 3, 5 and 9): what the FBO types, how it becomes the submission
 * body of libs/contracts, and the live Total Estimate Amount. The form's field names follow the body
 * (`servicesQuoted.hangar.price`, `servicesQuoted.customServices.0.id`, `notes`, `validUntil`), so the schema's
 * messages land on the fields they concern.
 */

/** One requested service as typed: price text (step 0.01), notes, and the Unavailable mark where offered. */
export interface ServiceEntryValues {
  price: string;
  notes: string;
  unavailable: boolean;
}

/** An "Other Services" line: a catalogue entry (id, name), a price and notes. */
export interface CustomServiceValues {
  id: string;
  name: string;
  price: string;
  notes: string;
}

export type ServicesQuotedValues = Partial<Record<EstimateServiceKey, ServiceEntryValues>> & {
  customServices: CustomServiceValues[];
};

/** A fee as typed: its price (empty: none) and the whole gallons that waive it (empty: never waived). */
export interface FeeEntryValues {
  price: string;
  waivedWithGallons: string;
}

export type FeesValues = Record<FeeKind, FeeEntryValues>;

export const emptyFees = (): FeesValues =>
  Object.fromEntries(FEE_KINDS.map((k) => [k, { price: '', waivedWithGallons: '' }])) as FeesValues;

export interface EstimateFormValues {
  servicesQuoted: ServicesQuotedValues;
  /** Fees beside the services (ramp/facility, handling, ...); not part of the Total Estimate Amount. */
  fees: FeesValues;
  /** Additional Comments. */
  notes: string;
  /** Valid until, a local calendar date (yyyy-mm-dd); the estimate holds to the end of that day. */
  validUntil: string;
}

/** What the form needs to know of the request. */
export interface EstimateContext {
  /** The requested service keys, in page order. */
  keys: EstimateServiceKey[];
  /** Requested fuel (gallons), when the requester gave an amount: the price per gallon counts that many times. */
  gallons: number | null;
  /** Nights of the stay (arrival to departure, as the comparison counts them); null without both dates. */
  nights: number | null;
}

export const EMPTY_ENTRY: ServiceEntryValues = { price: '', notes: '', unavailable: false };

export const canBeUnavailable = (key: EstimateServiceKey) =>
  (UNAVAILABLE_ALLOWED_KEYS as readonly EstimateServiceKey[]).includes(key);

export function estimateContextOf(data: EstimatePageDataDto): EstimateContext {
  const keys = data.requestedKeys?.length ? data.requestedKeys : requestedEstimateKeys(data.quoteRequest.services);
  const gallons = data.quoteRequest.fuelAmount ?? data.quoteRequest.services.fuelEstimatedAmount;
  return {
    keys,
    gallons: gallons !== null && gallons > 0 ? gallons : null,
    nights: nightsOfStay(data.quoteRequest.arrivalDate, data.quoteRequest.departureDate),
  };
}

/** Services priced per night of the stay (the comparison's per-night rows). */
export const isPerNight = (key: EstimateServiceKey) => (PER_NIGHT_ROWS as readonly string[]).includes(key);

/** The nights a per-night price counts for: the stay's, or 1 when a date is missing (as the comparison counts). */
export const pricedNights = (context: Pick<EstimateContext, 'nights'>) => context.nights ?? 1;

/** A line's multiplier: the fuel price is per gallon (x requested gallons), per-night services x the stay's nights. */
export function lineMultipliers(
  key: EstimateServiceKey,
  context: EstimateContext,
): { quantity: number | null; days: number | null } {
  return {
    quantity: key === 'dedicatedFuel' ? context.gallons : null,
    days: isPerNight(key) ? pricedNights(context) : null,
  };
}

/** A price as the total reads it: text that is not a number (or is below zero) counts as 0 (spec section 5). */
export function parsePrice(text: string | null | undefined): number {
  const value = Number(String(text ?? '').trim());
  return Number.isFinite(value) && value > 0 ? value : 0;
}

const isUnavailable = (key: EstimateServiceKey, entry: Partial<ServiceEntryValues> | undefined) =>
  canBeUnavailable(key) && entry?.unavailable === true;

/** A requested service's amount in cents: price x multipliers, 0 when marked unavailable (decided: excluded). */
export function serviceCents(
  key: EstimateServiceKey,
  entry: Partial<ServiceEntryValues> | undefined,
  context: EstimateContext,
): number {
  if (!entry || isUnavailable(key, entry)) return 0;
  return estimateLineCents({
    price: parsePrice(entry.price),
    ...lineMultipliers(key, context),
    unavailable: false,
    notes: null,
  });
}

/**
 * The live Total Estimate Amount in cents: every requested service not marked unavailable plus the Other Services
 * lines. The same sum as the contracts' estimateTotalCents, which svc-quotes checks the submitted total against.
 */
export function estimateTotalCentsOf(values: DeepPartialValues, context: EstimateContext): number {
  const quoted = values.servicesQuoted ?? {};
  let total = 0;
  for (const key of context.keys) total += serviceCents(key, quoted[key], context);
  for (const line of quoted.customServices ?? []) total += Math.round(parsePrice(line?.price) * 100);
  return total;
}

/** What react-hook-form's watchers hand out (every field may still be missing). */
export interface DeepPartialValues {
  servicesQuoted?: Partial<Record<EstimateServiceKey, Partial<ServiceEntryValues> | undefined>> & {
    customServices?: (Partial<CustomServiceValues> | undefined)[];
  };
  fees?: Partial<Record<FeeKind, Partial<FeeEntryValues> | undefined>>;
  notes?: string;
  validUntil?: string;
}

/**
 * The fees the customer pays at the requested fuel (cents), as the comparison counts them: each priced fee not waived
 * by the gallons asked for (a threshold that is not a number waives nothing), per-night fees x the stay's nights.
 */
export function feesCentsAt(values: DeepPartialValues, context: Pick<EstimateContext, 'gallons' | 'nights'>): number {
  const { gallons } = context;
  let total = 0;
  for (const kind of FEE_KINDS) {
    const fee = values.fees?.[kind];
    const price = parsePrice(fee?.price);
    if (!price) continue;
    const thresholdText = String(fee?.waivedWithGallons ?? '').trim();
    const threshold = Number(thresholdText);
    const waived = thresholdText !== '' && Number.isFinite(threshold) && gallons !== null && gallons >= threshold;
    const times = PER_NIGHT_FEES.includes(kind) ? pricedNights(context) : 1;
    if (!waived) total += Math.round(price * 100) * times;
  }
  return total;
}

/** The submission body (POST .../submit) before the schema's parsing. Unavailable services carry no price or notes. */
export function toSubmitBody(values: EstimateFormValues, context: EstimateContext): SubmitEstimateInput {
  const servicesQuoted: Record<string, unknown> = {};
  for (const key of context.keys) {
    const entry = values.servicesQuoted[key] ?? EMPTY_ENTRY;
    const unavailable = isUnavailable(key, entry);
    servicesQuoted[key] = {
      price: unavailable ? null : entry.price,
      ...lineMultipliers(key, context),
      unavailable,
      notes: unavailable ? null : entry.notes,
    };
  }
  servicesQuoted.customServices = values.servicesQuoted.customServices.map((line) => ({
    id: line.id,
    name: line.name,
    price: line.price,
    notes: line.notes,
  }));
  const validUntil = values.validUntil.trim()
    ? (endOfLocalDay(values.validUntil.trim())?.toISOString() ?? values.validUntil.trim())
    : undefined;
  const fees: Record<string, unknown> = {};
  for (const kind of FEE_KINDS) {
    const fee = values.fees?.[kind];
    if (!fee || !fee.price.trim()) continue;
    fees[kind] = { price: fee.price.trim(), waivedWithGallons: fee.waivedWithGallons.trim() || null };
  }
  return {
    servicesQuoted: servicesQuoted as SubmitEstimateInput['servicesQuoted'],
    fees: fees as SubmitEstimateInput['fees'],
    totalPrice: estimateTotalCentsOf(values, context) / 100,
    notes: values.notes,
    ...(validUntil ? { validUntil } : {}),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Valid until" relative to today (the schema only checks that it is a date): not past, at most a year ahead. */
export function validUntilIssues(value: string, now = new Date()): Issue[] {
  const text = value.trim();
  if (!text) return [];
  const end = endOfLocalDay(text);
  if (!end || end.getTime() <= now.getTime()) return [{ path: ['validUntil'], message: FboQuoteMessages.validUntil }];
  if (end.getTime() > now.getTime() + ESTIMATE_MAX_VALID_DAYS * DAY_MS)
    return [{ path: ['validUntil'], message: FboQuoteMessages.validUntilTooFar }];
  return [];
}

/** The form's resolver: the contracts' submitEstimateSchema on the body, plus the validity dates. */
export function estimateResolver(context: EstimateContext): Resolver<EstimateFormValues, unknown, SubmitEstimate> {
  return schemaResolver<EstimateFormValues, SubmitEstimate>(
    submitEstimateSchema,
    (values) => toSubmitBody(values, context),
    (values) => validUntilIssues(values.validUntil),
  );
}

/** The default "Valid until": the server's default (7 days ahead) as a local date. */
export function defaultValidUntil(data: Pick<EstimatePageDataDto, 'defaultValidUntil'>, now = new Date()): string {
  const fromServer = data.defaultValidUntil ? new Date(data.defaultValidUntil) : null;
  return toDateInputValue(
    fromServer && !Number.isNaN(fromServer.getTime())
      ? fromServer
      : localDatePlusDays(ESTIMATE_DEFAULT_VALID_DAYS, now),
  );
}

const priceText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/**
 * The form as it opens: every requested service without a price; on a request amended after the FBO answered, its
 * earlier estimate (so that sending it unchanged confirms those prices for the request as it now reads).
 */
export function initialValues(data: EstimatePageDataDto, context: EstimateContext): EstimateFormValues {
  const earlier = data.state === 'open' ? data.estimate : null;
  const servicesQuoted: ServicesQuotedValues = {
    customServices: (earlier?.servicesQuoted.customServices ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      price: priceText(c.price),
      notes: c.notes ?? '',
    })),
  };
  for (const key of context.keys) {
    const line = earlier?.servicesQuoted[key];
    servicesQuoted[key] = line
      ? {
          price: priceText(line.price),
          notes: line.notes ?? '',
          unavailable: canBeUnavailable(key) && line.unavailable,
        }
      : { ...EMPTY_ENTRY };
  }
  const fees = emptyFees();
  for (const kind of FEE_KINDS) {
    const fee = earlier?.fees?.[kind];
    if (fee) fees[kind] = { price: priceText(fee.price), waivedWithGallons: priceText(fee.waivedWithGallons) };
  }
  return { servicesQuoted, fees, notes: earlier?.notes ?? '', validUntil: defaultValidUntil(data) };
}
