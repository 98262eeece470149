import { compareOffers, nightsOfStay, type ComparableAnswer, type ComparableRequest } from './quote-comparison';

const request: ComparableRequest = {
  id: 'q-1',
  uniqueId: 'RQ-ABC123',
  status: 'responses_received',
  services: { fuelJetA: true, fuelEstimatedAmount: 500, hangar: true, gpu: true },
  fuelType: 'Jet A',
  fuelAmount: 500,
  // 1 day 19 hours: two nights
  arrivalDate: '2030-05-01T12:00:00.000Z',
  departureDate: '2030-05-03T07:00:00.000Z',
};

const fbo = (id: string) => ({ id, name: `FBO ${id}`, email: `${id}@example.com`, phone: null, logo: null });
const line = (price: number | null, extra: Partial<{ quantity: number; days: number; unavailable: boolean }> = {}) => ({
  price,
  quantity: extra.quantity ?? null,
  days: extra.days ?? null,
  unavailable: extra.unavailable ?? false,
  notes: null,
});
const answer = (id: string, quoted: ComparableAnswer['servicesQuoted'], fees: ComparableAnswer['fees'] = null) => ({
  id: `r-${id}`,
  fbo: fbo(id),
  status: 'submitted' as const,
  declined: null,
  respondedAt: '2030-04-01T10:00:00.000Z',
  validUntil: '2030-04-08T10:00:00.000Z',
  expired: false,
  notes: null,
  servicesQuoted: quoted,
  fees,
});

// A: cheapest, but no hangar. B: hangar + a crew car nobody asked for, ramp fee waived at 300 gallons.
// C: everything, ramp fee waived only from 1,000 gallons.
const a = answer('a', {
  dedicatedFuel: line(6, { quantity: 500 }),
  fuel: line(null),
  hangar: line(null, { unavailable: true }),
  gpu: line(40),
  customServices: [],
});
const b = answer(
  'b',
  {
    dedicatedFuel: line(6.5, { quantity: 500 }),
    hangar: line(125, { days: 1 }),
    gpu: line(45),
    customServices: [{ name: 'Crew car', price: 40, notes: null }],
  },
  { rampFacility: { price: 150, waivedWithGallons: 300 }, overnightParking: { price: 20, waivedWithGallons: null } },
);
const c = answer(
  'c',
  { dedicatedFuel: line(6.25, { quantity: 500 }), hangar: line(150, { days: 1 }), gpu: line(35), customServices: [] },
  { rampFacility: { price: 200, waivedWithGallons: 1000 } },
);

describe('compareOffers (the like-for-like comparison)', () => {
  const comparison = compareOffers(
    request,
    [
      { fboId: 'a', name: 'FBO a', status: 'submitted' },
      { fboId: 'b', name: 'FBO b', status: 'submitted' },
      { fboId: 'c', name: 'FBO c', status: 'submitted' },
      { fboId: 'd', name: 'FBO d', status: 'open' },
    ],
    [a, b, c],
  );
  const offer = (id: string) => comparison.offers.find((o) => o.fbo.id === id)!;

  it('has the requested services as rows, fuel once, and prices the hangar for the nights of the stay', () => {
    expect(comparison.rows).toEqual([
      { key: 'fuel', label: 'Fuel', detail: 'Jet A, 500 gallons' },
      { key: 'hangar', label: 'Hangar', detail: '2 nights' },
      { key: 'gpu', label: 'GPU', detail: null },
    ]);
    expect(comparison.nights).toBe(2);
    expect(offer('b').cells[1]).toMatchObject({
      status: 'priced',
      unitPrice: 125,
      quantity: 2,
      unit: 'night',
      total: 250,
    });
  });

  it('prices each offer over the requested services only, the extras apart, and marks what an offer lacks', () => {
    expect(offer('a')).toMatchObject({
      comparableTotal: 3040,
      complete: false,
      missing: ['Hangar'],
      rank: 'incomplete',
    });
    expect(offer('b')).toMatchObject({ comparableTotal: 3545, extrasTotal: 40, complete: true, missing: [] });
    expect(offer('b').extras).toEqual([{ name: 'Crew car', price: 40, notes: null }]);
  });

  it('adds the fees not waived at the requested fuel, saying why, to the landed total', () => {
    expect(offer('b').fees).toEqual([
      {
        kind: 'rampFacility',
        label: 'Ramp/facility fee',
        price: 150,
        nights: null,
        amount: 150,
        waivedWithGallons: 300,
        waived: true,
        note: 'Waived: 500 gallons requested (at least 300)',
      },
      {
        kind: 'overnightParking',
        label: 'Overnight parking',
        price: 20,
        nights: 2,
        amount: 40,
        waivedWithGallons: null,
        waived: false,
        note: null,
      },
    ]);
    expect(offer('b')).toMatchObject({ feesTotal: 40, landedTotal: 3585 });
    expect(offer('c').fees[0]).toMatchObject({
      waived: false,
      note: 'Not waived: 500 gallons requested (waived with at least 1,000 gallons)',
    });
    expect(offer('c')).toMatchObject({ comparableTotal: 3460, feesTotal: 200, landedTotal: 3660 });
  });

  it('ranks only complete offers by landed total: an incomplete one never gets Best Price', () => {
    expect(comparison.offers.map((o) => [o.fbo.id, o.rank])).toEqual([
      ['b', 'best'],
      ['c', 'highest'],
      ['a', 'incomplete'],
    ]);
    expect(comparison.bestId).toBe('r-b');
    expect(comparison.highestId).toBe('r-c');
    expect(comparison.savings).toEqual({ amount: 75, percent: 2 });
  });

  it("marks each row's lowest price among the FBOs that priced it", () => {
    const lowest = (row: number) => comparison.offers.filter((o) => o.cells[row].lowest).map((o) => o.fbo.id);
    expect(lowest(0)).toEqual(['a']);
    expect(lowest(1)).toEqual(['b']);
    expect(lowest(2)).toEqual(['c']);
  });

  it('lists who has not answered', () => {
    expect(comparison.waiting).toEqual([{ fboId: 'd', name: 'FBO d', status: 'open' }]);
  });

  it('gives no Best Price and no savings when no offer is complete', () => {
    const only = compareOffers(request, [], [a]);
    expect([only.bestId, only.highestId, only.savings]).toEqual([null, null, null]);
  });

  it('names the chosen FBO of a booking waiting for it while its estimate awaits re-pricing after an amendment', () => {
    const amended = compareOffers(
      { ...request, status: 'booked-pending', bookingFboId: 'b', bookingRequestedAt: '2030-04-02T10:00:00.000Z' },
      [{ fboId: 'a', name: 'FBO a', status: 'submitted' }],
      [a],
      [{ fboId: 'b', name: 'FBO b', forVersion: 1 }],
    );
    expect(amended.booking).toMatchObject({ fboId: 'b', fboName: 'FBO b', state: 'requested' });
    expect(amended.offers.map((o) => o.fbo.id)).toEqual(['a']);
  });
});

describe('nightsOfStay', () => {
  it('counts the Fuel Service price once beside the price per gallon, never per gallon', () => {
    const both = answer('e', {
      dedicatedFuel: line(6),
      fuel: line(50),
      hangar: line(100),
      gpu: line(30),
      customServices: [],
    });
    const serviceOnly = answer('f', { fuel: line(50), hangar: line(100), gpu: line(30), customServices: [] });
    const [withBoth, withService] = ['e', 'f'].map(
      (id) =>
        compareOffers(
          request,
          [{ fboId: id, name: `FBO ${id}`, status: 'submitted' }],
          [id === 'e' ? both : serviceOnly],
        ).offers[0].cells[0],
    );
    expect(withBoth).toMatchObject({ unitPrice: 6, quantity: 500, unit: 'gallon', serviceFee: 50, total: 3050 });
    expect(withService).toMatchObject({ status: 'priced', unitPrice: 50, quantity: null, unit: null, total: 50 });
  });

  it('rounds the stay up to whole nights, at least one', () => {
    expect(nightsOfStay('2030-05-01T12:00:00Z', '2030-05-03T07:00:00Z')).toBe(2);
    expect(nightsOfStay('2030-05-01T12:00:00Z', '2030-05-01T15:00:00Z')).toBe(1);
    expect(nightsOfStay(null, '2030-05-01T15:00:00Z')).toBeNull();
  });
});
