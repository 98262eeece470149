import {
  comparePrices,
  createQuoteRequestSchema,
  isLegacyQuoteRequestBody,
  legacyQuoteRequestSchema,
  QuoteRequestMessages,
  requestedServiceLabels,
  updateNotificationPreferencesSchema,
} from './quote-requests';
import { toFieldErrors } from './validation';

const valid = {
  aircraftId: 'a1',
  departureAirportCode: 'KSEA',
  airportCode: 'KBFI',
  arrival: '2030-05-01T12:00:00.000Z',
  departure: '2030-05-03T12:00:00.000Z',
  services: { fuelJetA: true, fuelEstimatedAmount: 300, gpu: true, gpuDuration: '30' },
  notes: 'Two passengers',
  selectedFbos: ['f1', 'f2'],
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('quote request form payload (spec sections 3, 5 and 9)', () => {
  it('accepts a complete request and fills the unset details with null', () => {
    const parsed = createQuoteRequestSchema.parse(valid);
    expect(parsed.services.fuelJetA).toBe(true);
    expect(parsed.services.gpuDuration).toBe('30');
    expect(parsed.services.icePounds).toBeNull();
    expect(parsed.units).toBe('standard');
  });

  it('gives the section 5 messages for missing airports, dates, aircraft and FBOs', () => {
    const result = createQuoteRequestSchema.safeParse({
      ...valid,
      aircraftId: '',
      departureAirportCode: 'KS',
      airportCode: '',
      arrival: '',
      departure: 'soon',
      selectedFbos: [],
    });
    expect(messages(result)).toEqual([
      'Please select an aircraft',
      'Please select a departure airport',
      'Please select a destination airport',
      'Please select arrival date and time',
      'Please select departure date and time',
      'Please select at least one FBO',
    ]);
  });

  it('does not block a departure before the arrival (a warning only)', () => {
    expect(createQuoteRequestSchema.safeParse({ ...valid, departure: '2030-04-30T12:00:00Z' }).success).toBe(true);
  });

  it('checks the section 9 ranges with their messages', () => {
    const result = createQuoteRequestSchema.safeParse({
      ...valid,
      services: {
        gpu: true,
        gpuDuration: '20',
        potableWater: true,
        potableWaterGallons: 51,
        ice: true,
        icePounds: 1,
        newspapers: true,
        newspapersSets: 5,
        coffeeType: 'latte',
        deicingType: 'V',
      },
    });
    expect(messages(result)).toEqual([
      QuoteRequestMessages.gpuDuration,
      QuoteRequestMessages.potableWater,
      QuoteRequestMessages.coffeeType,
      QuoteRequestMessages.ice,
      QuoteRequestMessages.newspapers,
      QuoteRequestMessages.deicingType,
    ]);
  });

  it('refuses notes holding an invisible NUL at the notes field, in both payloads', () => {
    const form = createQuoteRequestSchema.safeParse({ ...valid, notes: 'Two\u0000 passengers' });
    expect(form.success || toFieldErrors(form.error)).toEqual([
      { field: 'notes', message: 'Text must not contain NUL characters' },
    ]);
    const legacy = legacyQuoteRequestSchema.safeParse({
      destination: 'KSEA',
      services: ['fuel'],
      duration: { arrival: '2030-05-01T10:00:00Z', departure: '2030-05-02T10:00:00Z' },
      notes: '\u0000',
    });
    expect(legacy.success || toFieldErrors(legacy.error)).toEqual([
      { field: 'notes', message: 'Text must not contain NUL characters' },
    ]);
  });

  it('allows one fuel type at a time', () => {
    expect(
      messages(createQuoteRequestSchema.safeParse({ ...valid, services: { fuelJetA: true, fuel100LL: true } })),
    ).toEqual(['Choose one fuel type']);
  });
});

describe('legacy wizard payload', () => {
  const legacy = {
    destination: 'KBFI',
    services: ['fuel', 'hangar'],
    duration: { arrival: '2030-05-01T12:00:00Z', departure: '2030-05-02T12:00:00Z' },
  };

  it('is recognised and maps its service list to the services object', () => {
    expect(isLegacyQuoteRequestBody(legacy)).toBe(true);
    expect(isLegacyQuoteRequestBody(valid)).toBe(false);
    const parsed = legacyQuoteRequestSchema.parse(legacy);
    expect(parsed.services.fuel).toBe(true);
    expect(parsed.services.hangar).toBe(true);
    expect(parsed.services.gpu).toBe(false);
  });

  it('gives the wizard messages', () => {
    expect(
      messages(
        legacyQuoteRequestSchema.safeParse({ destination: '', services: [], duration: { arrival: '', departure: '' } }),
      ),
    ).toEqual([
      'Please select a destination airport.',
      'Please select at least one service.',
      'Please select arrival and departure dates.',
      'Please select arrival and departure dates.',
    ]);
    expect(
      messages(
        legacyQuoteRequestSchema.safeParse({
          ...legacy,
          duration: { arrival: legacy.duration.departure, departure: legacy.duration.arrival },
        }),
      ),
    ).toEqual(['Error: Departure time must be after arrival time.']);
  });
});

describe('helpers', () => {
  it('labels the requested services', () => {
    expect(requestedServiceLabels(createQuoteRequestSchema.parse(valid).services)).toEqual([
      'Fuel: Jet A, 300 gal',
      'GPU (30 min)',
    ]);
  });

  it('ranks prices, names best and highest and the savings to one decimal', () => {
    expect(
      comparePrices([
        { id: 'a', totalPriceCents: 30000 },
        { id: 'b', totalPriceCents: 10000 },
        { id: 'c', totalPriceCents: null },
        { id: 'd', totalPriceCents: 20000 },
      ]),
    ).toEqual({
      ranked: ['b', 'd', 'a'],
      bestId: 'b',
      highestId: 'a',
      savings: { amount: 200, percent: 66.7 },
    });
    expect(comparePrices([{ id: 'a', totalPriceCents: 100 }])).toEqual({
      ranked: ['a'],
      bestId: 'a',
      highestId: null,
      savings: null,
    });
  });

  it('accepts either notification preference alone', () => {
    expect(updateNotificationPreferencesSchema.parse({ emailEachResponse: true })).toEqual({ emailEachResponse: true });
    expect(updateNotificationPreferencesSchema.safeParse({ emailAllResponded: 'yes' }).success).toBe(false);
  });
});
