import {
  ESTIMATE_FUEL_GRADES,
  formatQuantity,
  nightsOfStay,
  type EstimatePageDataDto,
  type EstimatePageServices,
  type EstimateServiceKey,
} from '@rampquote/contracts';

/** How one requested service shows on the form (spec section 2, "Sections, each only if requested"). */
export interface ServiceSection {
  key: EstimateServiceKey;
  title: string;
  priceLabel: string;
  /** What the customer asked for: lines of text and tags (grades, types). */
  details: (data: EstimatePageDataDto) => { lines: string[]; tags: string[] };
}

type Grade = (typeof ESTIMATE_FUEL_GRADES)[number];
const GRADE_FLAGS: Record<Grade, keyof EstimatePageServices> = {
  '100LL': 'fuel100LL',
  'Jet A': 'fuelJetA',
  'Jet A-1': 'fuelJetA1',
  'JP-4': 'fuelJP4',
  MOGAS: 'fuelMOGAS',
  Biodiesel: 'fuelBiodiesel',
};

/** The fuel grades the customer chose, among the estimate page's six. */
export function chosenGrades(services: EstimatePageServices): string[] {
  return ESTIMATE_FUEL_GRADES.filter((grade) => services[GRADE_FLAGS[grade]] === true);
}

const gallonsOf = (data: EstimatePageDataDto) =>
  data.quoteRequest.fuelAmount ?? data.quoteRequest.services.fuelEstimatedAmount;
const amountLine = (data: EstimatePageDataDto) => {
  const gallons = gallonsOf(data);
  return gallons !== null && gallons > 0
    ? `Requested amount: ${gallons.toLocaleString('en-US')} gallons`
    : 'Amount not specified';
};
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** The nights a per-night service is priced for: the stay's, or 1 when a visit date is missing. */
export const stayLine = (nights: number | null) =>
  nights === null
    ? `Visit dates not specified: priced for ${formatQuantity(1, 'night')}`
    : `${formatQuantity(nights, 'night')} (arrival to departure)`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The main sections, in page order. */
export const MAIN_SECTIONS: ServiceSection[] = [
  {
    key: 'dedicatedFuel',
    title: 'Fuel Pricing',
    priceLabel: 'Price per gallon',
    details: (data) => {
      const grade = data.quoteRequest.fuelType ?? chosenGrades(data.quoteRequest.services)[0] ?? null;
      return { lines: [amountLine(data), `Fuel type: ${grade ?? 'Not specified'}`], tags: [] };
    },
  },
  {
    key: 'fuel',
    title: 'Fuel Service',
    priceLabel: 'Fuel service price',
    details: (data) => {
      const grades = chosenGrades(data.quoteRequest.services);
      return { lines: [amountLine(data), ...(grades.length ? [] : ['Grade not specified'])], tags: grades };
    },
  },
  {
    key: 'hangar',
    title: 'Hangar Service',
    priceLabel: 'Rate per night',
    details: ({ quoteRequest: { services: s, arrivalDate, departureDate } }) => ({
      lines: [stayLine(nightsOfStay(arrivalDate, departureDate))],
      tags: [
        s.hangarTypeOvernight && 'Overnight',
        s.hangarTypeStandard && 'Standard',
        s.hangarTypeHeated && 'Heated',
      ].filter((t): t is string => Boolean(t)),
    }),
  },
  {
    key: 'cleaning',
    title: 'Cleaning Service',
    priceLabel: 'Total price',
    details: ({ quoteRequest: { services: s } }) => {
      const types = [
        s.cleaningInterior && 'Interior',
        s.cleaningExterior && 'Exterior',
        s.cleaningDetail && 'Detail',
      ].filter((t): t is string => Boolean(t));
      return { lines: types.length ? [] : ['General cleaning'], tags: types };
    },
  },
  {
    key: 'lavatory',
    title: 'Lavatory Service',
    priceLabel: 'Service price',
    details: ({ quoteRequest: { services: s } }) => ({
      lines: [s.lavServiceType ? `${capitalize(s.lavServiceType)} service` : 'Standard service'],
      tags: [],
    }),
  },
  {
    key: 'catering',
    title: 'Catering',
    priceLabel: 'Catering price',
    details: () => ({ lines: ['Custom catering requested'], tags: [] }),
  },
];

/** The items of "Additional Services Requested". */
export const ADDITIONAL_SECTIONS: ServiceSection[] = [
  { key: 'coffee', title: 'Coffee', priceLabel: 'Coffee price', details: () => ({ lines: [], tags: [] }) },
  {
    key: 'ice',
    title: 'Ice',
    priceLabel: 'Ice price',
    details: ({ quoteRequest: { services: s } }) => ({
      lines: s.icePounds ? [plural(s.icePounds, 'pound', 'pounds')] : [],
      tags: [],
    }),
  },
  {
    key: 'potableWater',
    title: 'Potable Water',
    priceLabel: 'Potable water price',
    details: ({ quoteRequest: { services: s } }) => ({
      lines: s.potableWaterGallons ? [plural(s.potableWaterGallons, 'gallon', 'gallons')] : [],
      tags: [],
    }),
  },
  { key: 'gpu', title: 'GPU', priceLabel: 'GPU price', details: () => ({ lines: ['Ground power unit'], tags: [] }) },
  {
    key: 'newspapers',
    title: 'Newspapers',
    priceLabel: 'Newspapers price',
    details: ({ quoteRequest: { services: s } }) => ({
      lines: s.newspapersSets ? [plural(s.newspapersSets, 'set', 'sets')] : [],
      tags: [],
    }),
  },
];
