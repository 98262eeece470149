import type {
  QuoteRequestDetailsDto,
  QuoteRequestListItemDto,
  QuoteResponseDetailsDto,
  UserDto,
} from '@rampquote/contracts';

/** Test data in the shapes of libs/contracts (quote-requests.ts). */

export const PILOT: UserDto = {
  id: 'u-1',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};

export function listRow(overrides: Partial<QuoteRequestListItemDto> = {}): QuoteRequestListItemDto {
  return {
    id: 'q-1',
    uniqueId: 'RQ-7KX3PD',
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    arrivalDate: '2026-03-10T12:00:00.000Z',
    departureDate: '2026-03-12T12:00:00.000Z',
    airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International' },
    originAirport: { identifier: 'KBFI', name: 'Boeing Field' },
    responseCount: 0,
    totalFbosCount: 3,
    ...overrides,
  };
}

export const FBOS = [
  { id: 'fbo-a', name: 'Alpha Jet Center', email: 'alpha@example.com', phone: '+1 206 555 0101', logo: null },
  { id: 'fbo-b', name: 'Bravo Aviation', email: 'bravo@example.com', phone: null, logo: null },
  { id: 'fbo-c', name: 'Charlie Ramp', email: 'charlie@example.com', phone: null, logo: null },
];

export function details(overrides: Partial<QuoteRequestDetailsDto> = {}): QuoteRequestDetailsDto {
  return {
    id: 'q-1',
    uniqueId: 'RQ-7KX3PD',
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    cancelledAt: null,
    aircraftId: 'a-1',
    aircraft: { id: 'a-1', name: '172S N123AB', make: 'Cessna', model: '172S Skyhawk', tailNumber: 'N123AB' },
    airportId: 'ap-1',
    airport: {
      id: 'ap-1',
      identifier: 'KSEA',
      code: 'SEA',
      name: 'Seattle-Tacoma International',
      city: 'Seattle',
      state: 'WA',
    },
    originAirportId: 'ap-2',
    originAirport: { id: 'ap-2', identifier: 'KBFI', code: 'BFI', name: 'Boeing Field', city: 'Seattle', state: 'WA' },
    arrivalDate: '2026-03-10T12:00:00.000Z',
    departureDate: '2026-03-12T18:00:00.000Z',
    tripDurationDays: 3,
    fuelType: 'Jet A',
    fuelAmount: 500,
    units: 'standard',
    services: {} as QuoteRequestDetailsDto['services'],
    requestedServices: ['Fuel: Jet A, 500 gal', 'Hangar (medium priority)', 'GPU (15 min)'],
    notes: '{"notes":"Arriving late, please keep the hangar open."}',
    responseCount: 0,
    totalFbosCount: 3,
    version: 1,
    versions: [],
    notifications: { emailEachResponse: false, emailAllResponded: true },
    requester: {
      id: 'u-1',
      email: 'pilot@rampquote.dev',
      firstName: 'Pat',
      lastName: 'Pilot',
      companyName: null,
      jobTitle: null,
      phoneNumber: null,
    },
    fbos: FBOS.map((f) => ({ ...f, status: 'open' as const, respondedAt: null })),
    ...overrides,
  };
}

/** A priced answer whose total is `total` USD (fuel 500 gal at `perGallon`, the rest on the hangar line). */
export function priced(
  fboIndex: number,
  total: number,
  overrides: Partial<QuoteResponseDetailsDto> = {},
): QuoteResponseDetailsDto {
  const fbo = FBOS[fboIndex];
  const perGallon = 2;
  const fuelTotal = perGallon * 500;
  const hangar = Math.round((total - fuelTotal) * 100) / 100;
  return {
    id: `r-${fbo.id}`,
    fboId: fbo.id,
    fbo,
    status: 'submitted',
    declined: null,
    respondedAt: '2026-03-02T09:30:00.000Z',
    validUntil: '2099-03-09T00:00:00.000Z',
    expired: false,
    notes: null,
    totalPrice: total,
    totalPriceCents: Math.round(total * 100),
    fuelQuantity: 500,
    fuelType: 'Jet A',
    pricePerGallon: perGallon,
    totalFuelPrice: fuelTotal,
    servicesQuoted: {
      dedicatedFuel: { price: perGallon, quantity: 500, days: null, total: fuelTotal, notes: null, unavailable: false },
      hangar: { price: hangar, quantity: null, days: null, total: hangar, notes: null, unavailable: false },
      customServices: [],
    },
    ...overrides,
  };
}

export function declinedAnswer(fboIndex: number): QuoteResponseDetailsDto {
  const fbo = FBOS[fboIndex];
  return {
    id: `r-${fbo.id}`,
    fboId: fbo.id,
    fbo,
    status: 'declined',
    declined: { reason: 'no_hangar_space', label: 'No hangar space', text: 'Fully booked for the airshow weekend.' },
    respondedAt: '2026-03-02T11:00:00.000Z',
    validUntil: null,
    expired: false,
    notes: null,
    totalPrice: null,
    totalPriceCents: null,
    fuelQuantity: null,
    fuelType: null,
    pricePerGallon: null,
    totalFuelPrice: null,
    servicesQuoted: null,
  };
}
