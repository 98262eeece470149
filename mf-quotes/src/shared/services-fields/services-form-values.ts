import {
  AIR_CART_DURATION,
  DEFAULT_COFFEE_TYPE,
  DEFAULT_HANGAR_PRIORITY,
  FUEL_TYPE_FLAG_KEYS,
  GPU_DURATION,
  ICE_RANGE,
  NEWSPAPERS_RANGE,
  POTABLE_WATER_RANGE,
  type FuelTypeFlag,
  type QuoteServices,
  type QuoteUnits,
} from '@rampquote/contracts';

/** The services object as the form holds it: flags, and the detail values as the selects give them (text). */
export interface ServicesFormValues extends Record<FuelTypeFlag, boolean> {
  fuelEstimatedAmount: string;
  gpu: boolean;
  gpuDuration: string;
  lavService: boolean;
  lavServiceType: string;
  potableWater: boolean;
  potableWaterGallons: string;
  coffee: boolean;
  coffeeType: string;
  ice: boolean;
  icePounds: string;
  newspapers: boolean;
  newspapersSets: string;
  hangar: boolean;
  hangarPriority: string;
  deicing: boolean;
  deicingType: string;
  airCart: boolean;
  airCartDuration: string;
  cleaning: boolean;
  cleaningWindshield: boolean;
  cleaningInterior: boolean;
  cleaningExterior: boolean;
  cleaningDishware: boolean;
}

/** The toggles of the Services section, each with the detail value(s) it enables. */
export type ServiceToggle =
  | 'gpu'
  | 'lavService'
  | 'potableWater'
  | 'coffee'
  | 'ice'
  | 'newspapers'
  | 'hangar'
  | 'deicing'
  | 'airCart'
  | 'cleaning';

export const SERVICE_DETAILS: Record<ServiceToggle, readonly (keyof ServicesFormValues)[]> = {
  gpu: ['gpuDuration'],
  lavService: ['lavServiceType'],
  potableWater: ['potableWaterGallons'],
  coffee: ['coffeeType'],
  ice: ['icePounds'],
  newspapers: ['newspapersSets'],
  hangar: ['hangarPriority'],
  deicing: ['deicingType'],
  airCart: ['airCartDuration'],
  cleaning: ['cleaningWindshield', 'cleaningInterior', 'cleaningExterior', 'cleaningDishware'],
};

/**
 * Defaults of spec section 9 a toggle fills in when turned on and its value is empty: potable water 5, ice 8,
 * newspapers 1; GPU and air cart 15 minutes, coffee regular, hangar medium (those four are preset from the start).
 */
export const TOGGLE_DEFAULTS: Partial<Record<ServiceToggle, [keyof ServicesFormValues, string]>> = {
  gpu: ['gpuDuration', String(GPU_DURATION.default)],
  potableWater: ['potableWaterGallons', String(POTABLE_WATER_RANGE.default)],
  coffee: ['coffeeType', DEFAULT_COFFEE_TYPE],
  ice: ['icePounds', String(ICE_RANGE.default)],
  newspapers: ['newspapersSets', String(NEWSPAPERS_RANGE.default)],
  hangar: ['hangarPriority', DEFAULT_HANGAR_PRIORITY],
  airCart: ['airCartDuration', String(AIR_CART_DURATION.default)],
};

const NO_FUEL_TYPE = Object.fromEntries(FUEL_TYPE_FLAG_KEYS.map((k) => [k, false])) as Record<FuelTypeFlag, boolean>;

/** A new request's services: nothing requested; the preset details shown dimmed. */
export function defaultServicesValues(): ServicesFormValues {
  return {
    ...NO_FUEL_TYPE,
    fuelEstimatedAmount: '',
    gpu: false,
    gpuDuration: String(GPU_DURATION.default),
    lavService: false,
    lavServiceType: '',
    potableWater: false,
    potableWaterGallons: '',
    coffee: false,
    coffeeType: DEFAULT_COFFEE_TYPE,
    ice: false,
    icePounds: '',
    newspapers: false,
    newspapersSets: '',
    hangar: false,
    hangarPriority: DEFAULT_HANGAR_PRIORITY,
    deicing: false,
    deicingType: '',
    airCart: false,
    airCartDuration: String(AIR_CART_DURATION.default),
    cleaning: false,
    cleaningWindshield: false,
    cleaningInterior: false,
    cleaningExterior: false,
    cleaningDishware: false,
  };
}

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The form values of a stored services object. Anything missing (e.g. the fuel fields of a request stored before
 * they existed) takes the new-request value (spec section 4: "fills missing fuel fields").
 */
export function servicesValuesFrom(stored: Partial<Record<string, unknown>> | null | undefined): ServicesFormValues {
  const values = defaultServicesValues();
  if (!stored || typeof stored !== 'object') return values;
  const target = values as unknown as Record<string, unknown>;
  for (const key of Object.keys(values) as (keyof ServicesFormValues)[]) {
    const v = stored[key];
    if (v === undefined) continue;
    if (typeof values[key] === 'boolean') target[key] = v === true;
    else if (v !== null) target[key] = asText(v);
  }
  // One fuel grade at most.
  const grades = FUEL_TYPE_FLAG_KEYS.filter((k) => values[k]);
  for (const extra of grades.slice(1)) values[extra] = false;
  return values;
}

/**
 * The services object to send (parsed by the contracts schema first): details of services that are off are
 * dropped (null / false), and `fuel` says whether fuel is requested (a grade or an amount).
 */
export function servicesPayload(parsed: QuoteServices): QuoteServices {
  const out: QuoteServices = { ...parsed };
  const record = out as unknown as Record<string, unknown>;
  for (const [toggle, details] of Object.entries(SERVICE_DETAILS) as [ServiceToggle, readonly string[]][]) {
    if (out[toggle]) continue;
    for (const detail of details) record[detail] = typeof record[detail] === 'boolean' ? false : null;
  }
  out.fuel = FUEL_TYPE_FLAG_KEYS.some((k) => out[k]) || (out.fuelEstimatedAmount ?? 0) > 0;
  return out;
}

/**
 * An amendment's services: what the form sent, plus the stored request's services the form has no field for (the
 * hangar types a request made through the API may carry), so amending something else does not drop them. Such a
 * detail goes with its service when that is turned off (`hangarTypeHeated` with `hangar`).
 */
export function keepServicesTheFormDoesNotShow(
  payload: QuoteServices,
  stored: Partial<Record<string, unknown>> | null | undefined,
): QuoteServices {
  if (!stored || typeof stored !== 'object') return payload;
  const shown = new Set<string>([...Object.keys(defaultServicesValues()), 'fuel']);
  const out = { ...payload } as unknown as Record<string, unknown>;
  const toggles = Object.keys(SERVICE_DETAILS);
  for (const key of Object.keys(payload)) {
    if (shown.has(key) || stored[key] === undefined) continue;
    const toggle = toggles.find((t) => key.startsWith(t) && key !== t);
    out[key] = toggle && !out[toggle] ? payload[key as keyof QuoteServices] : stored[key];
  }
  return out as unknown as QuoteServices;
}

/** Unit words of the amounts (the user's preferredUnits). */
export function unitWords(units: QuoteUnits) {
  return units === 'metric' ? { volume: 'liters', weight: 'kg' } : { volume: 'gallons', weight: 'pounds' };
}
