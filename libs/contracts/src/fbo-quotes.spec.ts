import {
  declineEstimateSchema,
  estimatePageAmendmentSchema,
  estimateTotalCents,
  fboInboxResponseSchema,
  FboQuoteMessages,
  requestedEstimateKeys,
  submitEstimateSchema,
  toEstimatePageServices,
} from './fbo-quotes';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('estimate submission (spec sections 3 and 5)', () => {
  it('totals price x quantity x days, leaves unavailable services out and adds custom lines', () => {
    const parsed = submitEstimateSchema.parse({
      servicesQuoted: {
        dedicatedFuel: { price: '6.25', quantity: 100 },
        hangar: { price: 150, days: 1 },
        catering: { price: 99, unavailable: true },
        customServices: [{ id: 's1', name: 'Rental car', price: 80.5 }],
      },
      totalPrice: 855.5,
    });
    expect(estimateTotalCents(parsed.servicesQuoted)).toBe(85550);
    expect(parsed.notes).toBeNull();
  });

  it('refuses notes holding an invisible NUL', () => {
    const body = { servicesQuoted: { hangar: { price: 150, days: 1 } }, totalPrice: 150, notes: 'Ramp 3\u0000' };
    expect(messages(submitEstimateSchema.safeParse(body))).toEqual(['Text must not contain NUL characters']);
  });

  it('answers "No Services Quoted" when nothing is priced or marked unavailable', () => {
    expect(messages(submitEstimateSchema.safeParse({ servicesQuoted: { fuel: { price: 0 } }, totalPrice: 0 }))).toEqual(
      [
        FboQuoteMessages.totalNotPositive,
        'Please provide pricing for at least one service or mark services as unavailable.',
      ],
    );
  });

  it('refuses negative prices, more than 2 decimals and a total that does not match', () => {
    expect(
      messages(
        submitEstimateSchema.safeParse({
          servicesQuoted: { fuel: { price: -1 }, gpu: { price: 1.005 } },
          totalPrice: 1,
        }),
      ),
    ).toEqual([FboQuoteMessages.price, FboQuoteMessages.price]);
    expect(
      messages(submitEstimateSchema.safeParse({ servicesQuoted: { gpu: { price: 10 } }, totalPrice: 11 })),
    ).toEqual([FboQuoteMessages.totalMismatch]);
  });

  it('turns unparseable numbers into 0 (spec section 5)', () => {
    expect(
      submitEstimateSchema.parse({ servicesQuoted: { gpu: { price: 'abc' }, coffee: { price: '5' } }, totalPrice: '5' })
        .servicesQuoted.gpu?.price,
    ).toBe(0);
  });

  it('offers Unavailable only where the spec does', () => {
    expect(
      messages(
        submitEstimateSchema.safeParse({
          servicesQuoted: { gpu: { unavailable: true }, coffee: { price: 3 } },
          totalPrice: 3,
        }),
      ),
    ).toEqual([FboQuoteMessages.unavailableNotOffered('gpu')]);
  });
});

describe('decline', () => {
  it('needs a known reason, and a text with "other"', () => {
    expect(declineEstimateSchema.parse({ reason: 'no_hangar_space' })).toEqual({
      reason: 'no_hangar_space',
      text: null,
    });
    expect(messages(declineEstimateSchema.safeParse({ reason: 'other', text: '  ' }))).toEqual([
      'Please describe the reason',
    ]);
    expect(messages(declineEstimateSchema.safeParse({ reason: 'busy' }))).toEqual(['Please choose a reason']);
  });
});

describe('the estimate page reading of the services', () => {
  it('maps the form flags and lists the keys an FBO may price', () => {
    const page = toEstimatePageServices({
      fuelJetAPositive: true,
      fuelEstimatedAmount: 200,
      lavService: true,
      lavServiceType: 'dry',
      gpu: true,
    });
    expect(page).toMatchObject({
      fuel: true,
      fuelJetA: true,
      fuelEstimatedAmount: 200,
      lavService: true,
      lavServiceType: 'dry',
      gpu: true,
      hangar: false,
    });
    expect(requestedEstimateKeys(page)).toEqual(['dedicatedFuel', 'fuel', 'lavatory', 'gpu']);
  });
});

describe('what the FBO reads of an amended request', () => {
  it("names the latest amendment's version, time and changed fields", () => {
    const amendment = {
      version: 2,
      amendedAt: '2030-05-01T10:00:00.000Z',
      changes: [
        { field: 'arrival', before: '2030-05-02T12:00:00.000Z', after: '2030-05-03T12:00:00.000Z' },
        { field: 'fuelAmount', before: 100, after: null },
        { field: 'services', before: ['Hangar'], after: ['Hangar', 'GPU'] },
      ],
    };
    expect(estimatePageAmendmentSchema.parse(amendment)).toEqual(amendment);
    expect(
      estimatePageAmendmentSchema.safeParse({
        ...amendment,
        changes: [{ field: 'aircraft', before: null, after: null }],
      }).success,
    ).toBe(false);
  });

  it('pages the inbox with a cursor that is null on the last page, and still reads a page without one', () => {
    expect(fboInboxResponseSchema.parse({ requests: [], nextCursor: null })).toEqual({
      requests: [],
      nextCursor: null,
    });
    expect(fboInboxResponseSchema.parse({ requests: [] })).toEqual({ requests: [] });
  });
});
