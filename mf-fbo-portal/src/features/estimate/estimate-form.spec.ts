import {
  compareOffers,
  estimateTotalCents,
  FboQuoteMessages,
  submitEstimateSchema,
  type ComparableAnswer,
} from '@rampquote/contracts';
import { formatUsdCents } from '../../shared/format';
import { pageData } from '../../test/estimate-fixtures';
import {
  emptyFees,
  estimateContextOf,
  estimateResolver,
  feesCentsAt,
  estimateTotalCentsOf,
  initialValues,
  parsePrice,
  toSubmitBody,
  validUntilIssues,
  type EstimateFormValues,
} from './estimate-form';

const data = pageData();
const context = estimateContextOf(data);

function values(edit: (v: EstimateFormValues) => void): EstimateFormValues {
  const v = initialValues(data, context);
  edit(v);
  return v;
}

describe('the Total Estimate Amount', () => {
  it('counts the price per gallon for the requested gallons, the hangar rate per night of the stay and the flat prices', () => {
    const v = values((f) => {
      f.servicesQuoted.dedicatedFuel!.price = '5.49'; // x 250 gal = 1372.50
      f.servicesQuoted.fuel!.price = '25';
      f.servicesQuoted.hangar!.price = '150.10'; // x 2 nights (May 1 to May 3) = 300.20
      f.servicesQuoted.coffee!.price = '12.5';
    });
    expect(context.nights).toBe(2);
    expect(estimateTotalCentsOf(v, context)).toBe(137250 + 2500 + 30020 + 1250);
    expect(formatUsdCents(estimateTotalCentsOf(v, context))).toBe('$1,710.20');
  });

  it('prices the hangar as the comparison does: its nights of the stay, 1 when a visit date is missing', () => {
    const hangarOnly = (data: ReturnType<typeof pageData>) => {
      const ctx = estimateContextOf(data);
      const v = initialValues(data, ctx);
      v.servicesQuoted.hangar!.price = '150';
      const parsed = submitEstimateSchema.parse(toSubmitBody(v, ctx));
      const comparison = compareOffers(
        {
          id: 'qr-1',
          uniqueId: 'RQ-7K2M9P',
          status: 'completed',
          services: { hangar: true },
          fuelType: null,
          fuelAmount: null,
          arrivalDate: data.quoteRequest.arrivalDate,
          departureDate: data.quoteRequest.departureDate,
        },
        [{ fboId: 'f1', name: 'FBO', status: 'submitted' }],
        [
          {
            id: 'r1',
            fbo: { id: 'f1', name: 'FBO', logo: null, email: 'fbo@example.com', phone: null },
            status: 'submitted',
            declined: null,
            respondedAt: '2030-04-21T10:00:00.000Z',
            validUntil: '2030-04-28T10:00:00.000Z',
            expired: false,
            notes: null,
            servicesQuoted: parsed.servicesQuoted,
            fees: null,
          } satisfies ComparableAnswer,
        ],
      );
      return { page: estimateTotalCentsOf(v, ctx) / 100, comparison: comparison.offers[0].comparableTotal };
    };
    const stay = (arrivalDate: string | null, departureDate: string | null) =>
      pageData({ quoteRequest: { ...pageData().quoteRequest, arrivalDate, departureDate } }, { fuel: false });
    // 1 day 19 hours: two nights.
    expect(hangarOnly(stay('2030-05-01T08:00:00.000Z', '2030-05-03T03:00:00.000Z'))).toEqual({
      page: 300,
      comparison: 300,
    });
    expect(hangarOnly(stay('2030-05-01T08:00:00.000Z', '2030-05-01T20:00:00.000Z'))).toEqual({
      page: 150,
      comparison: 150,
    });
    expect(hangarOnly(stay(null, '2030-05-03T03:00:00.000Z'))).toEqual({ page: 150, comparison: 150 });
  });

  it('counts a per-night fee for the nights of the stay and leaves out a fee the requested fuel waives', () => {
    const fees = emptyFees();
    fees.overnightParking = { price: '40', waivedWithGallons: '' };
    fees.rampFacility = { price: '150', waivedWithGallons: '200' };
    fees.handling = { price: '35', waivedWithGallons: '1000' };
    expect(feesCentsAt({ fees }, context)).toBe(2 * 4000 + 3500);
    expect(feesCentsAt({ fees }, { gallons: 100, nights: null })).toBe(4000 + 15000 + 3500);
  });

  it('leaves out services marked unavailable, even with a price typed', () => {
    const v = values((f) => {
      f.servicesQuoted.hangar!.price = '150';
      f.servicesQuoted.coffee!.price = '10';
      f.servicesQuoted.hangar!.unavailable = true;
    });
    expect(estimateTotalCentsOf(v, context)).toBe(1000);
  });

  it('counts text that is not a number, and negative numbers, as 0', () => {
    expect(parsePrice('abc')).toBe(0);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('-4')).toBe(0);
    expect(parsePrice(' 7.25 ')).toBe(7.25);
    const v = values((f) => {
      f.servicesQuoted.coffee!.price = 'twelve';
      f.servicesQuoted.ice!.price = '3.1';
    });
    expect(estimateTotalCentsOf(v, context)).toBe(310);
  });

  it('adds the Other Services lines and shows two decimals in USD', () => {
    const v = values((f) => {
      f.servicesQuoted.customServices.push({ id: 'crew-car', name: 'Crew car', price: '0.1', notes: '' });
      f.servicesQuoted.customServices.push({ id: 'towing', name: 'Aircraft towing', price: '0.2', notes: '' });
    });
    expect(estimateTotalCentsOf(v, context)).toBe(30);
    expect(formatUsdCents(30)).toBe('$0.30');
    expect(formatUsdCents(0)).toBe('$0.00');
  });

  it('counts the price per gallon once when the requester gave no amount', () => {
    const noAmount = pageData({}, { fuelEstimatedAmount: null });
    const ctx = estimateContextOf(noAmount);
    expect(ctx.gallons).toBeNull();
    const v = initialValues(noAmount, ctx);
    v.servicesQuoted.dedicatedFuel!.price = '5.49';
    expect(estimateTotalCentsOf(v, ctx)).toBe(549);
  });

  it('equals the total svc-quotes checks (the contracts estimateTotalCents of the parsed body)', () => {
    const v = values((f) => {
      f.servicesQuoted.dedicatedFuel!.price = '6.07';
      f.servicesQuoted.hangar!.price = '99.99';
      f.servicesQuoted.ice!.price = '4';
      f.servicesQuoted.ice!.unavailable = true;
      f.servicesQuoted.customServices.push({
        id: 'oxygen',
        name: 'Oxygen service',
        price: '45.5',
        notes: 'per bottle',
      });
    });
    const parsed = submitEstimateSchema.parse(toSubmitBody(v, context));
    expect(Math.round(parsed.totalPrice * 100)).toBe(estimateTotalCents(parsed.servicesQuoted));
    expect(parsed.totalPrice).toBe(1517.5 + 2 * 99.99 + 45.5);
  });
});

describe('the submission body', () => {
  it('sends only the requested services, with gallons and the nights of the stay, and no price or notes for an unavailable one', () => {
    const v = values((f) => {
      f.servicesQuoted.dedicatedFuel!.price = '5.49';
      f.servicesQuoted.dedicatedFuel!.notes = 'Jet A with Prist';
      f.servicesQuoted.hangar!.price = '150';
      f.servicesQuoted.hangar!.notes = 'heated';
      f.servicesQuoted.hangar!.unavailable = true;
      f.notes = 'Call on arrival';
      f.validUntil = '2030-04-30';
    });
    const body = submitEstimateSchema.parse(toSubmitBody(v, context));
    expect(Object.keys(body.servicesQuoted).sort()).toEqual([
      'coffee',
      'customServices',
      'dedicatedFuel',
      'fuel',
      'hangar',
      'ice',
    ]);
    expect(body.servicesQuoted.dedicatedFuel).toEqual({
      price: 5.49,
      quantity: 250,
      days: null,
      unavailable: false,
      notes: 'Jet A with Prist',
    });
    expect(body.servicesQuoted.hangar).toEqual({
      price: null,
      quantity: null,
      days: 2,
      unavailable: true,
      notes: null,
    });
    expect(body.servicesQuoted.coffee).toEqual({
      price: null,
      quantity: null,
      days: null,
      unavailable: false,
      notes: null,
    });
    expect(body.totalPrice).toBe(1372.5);
    expect(body.notes).toBe('Call on arrival');
    // The end of that local day.
    expect(new Date(body.validUntil!).getTime()).toBe(new Date(2030, 3, 30, 23, 59, 59, 999).getTime());
  });
});

describe('the form rules (contracts messages)', () => {
  const resolve = (v: EstimateFormValues) =>
    estimateResolver(context)(v, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('refuses an estimate with nothing priced or marked unavailable: "No Services Quoted"', async () => {
    const result = await resolve(values(() => undefined));
    expect(result.errors).toMatchObject({ servicesQuoted: { message: FboQuoteMessages.noServicesQuoted } });
  });

  it('accepts an estimate whose only answer is a service marked unavailable as quoted, but the total must be above 0', async () => {
    const result = await resolve(values((f) => void (f.servicesQuoted.coffee!.unavailable = true)));
    expect(result.errors).toEqual({
      totalPrice: expect.objectContaining({ message: FboQuoteMessages.totalNotPositive }),
    });
  });

  it('puts a price message on the field that has it', async () => {
    const result = await resolve(values((f) => void (f.servicesQuoted.hangar!.price = '-5')));
    expect(result.errors).toMatchObject({ servicesQuoted: { hangar: { price: { message: FboQuoteMessages.price } } } });
    const tooPrecise = await resolve(values((f) => void (f.servicesQuoted.coffee!.price = '1.005')));
    expect(tooPrecise.errors).toMatchObject({
      servicesQuoted: { coffee: { price: { message: FboQuoteMessages.price } } },
    });
  });

  it('asks for a service on an Other Services line without one', async () => {
    const result = await resolve(
      values((f) => f.servicesQuoted.customServices.push({ id: '', name: '', price: '20', notes: '' })),
    );
    expect(result.errors).toMatchObject({
      servicesQuoted: { customServices: [{ id: { message: FboQuoteMessages.customServiceName } }] },
    });
  });

  it('passes a valid estimate through as the parsed body', async () => {
    const result = await resolve(values((f) => void (f.servicesQuoted.coffee!.price = '12')));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ totalPrice: 12, servicesQuoted: { coffee: { price: 12 } } });
  });

  it('checks Valid until against today: not past, at most a year ahead', () => {
    const now = new Date(2030, 0, 10, 9, 0);
    expect(validUntilIssues('2030-01-10', now)).toEqual([]);
    expect(validUntilIssues('2030-01-09', now)).toEqual([
      { path: ['validUntil'], message: FboQuoteMessages.validUntil },
    ]);
    expect(validUntilIssues('not a date', now)).toEqual([
      { path: ['validUntil'], message: FboQuoteMessages.validUntil },
    ]);
    expect(validUntilIssues('2031-06-01', now)).toEqual([
      { path: ['validUntil'], message: FboQuoteMessages.validUntilTooFar },
    ]);
    expect(validUntilIssues('', now)).toEqual([]);
  });

  it('offers 7 days ahead by default', () => {
    const v = initialValues(pageData({ defaultValidUntil: '' }), context);
    const expected = new Date();
    expected.setDate(expected.getDate() + 7);
    expect(v.validUntil).toBe(
      `${expected.getFullYear()}-${String(expected.getMonth() + 1).padStart(2, '0')}-${String(expected.getDate()).padStart(2, '0')}`,
    );
  });
});
