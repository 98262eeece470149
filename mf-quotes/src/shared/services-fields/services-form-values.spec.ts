import { quoteServicesSchema, type QuoteServices } from '@rampquote/contracts';
import { keepServicesTheFormDoesNotShow, servicesPayload, servicesValuesFrom } from './services-form-values';

/** The services as the form would send them back unchanged (form values parsed by the contracts schema). */
const roundTrip = (stored: Record<string, unknown>): QuoteServices =>
  servicesPayload(quoteServicesSchema.parse(servicesValuesFrom(stored)));

describe('keepServicesTheFormDoesNotShow (an amendment keeps what the form has no field for)', () => {
  const stored = {
    fuelJetA: true,
    fuelEstimatedAmount: 300,
    hangar: true,
    hangarPriority: 'medium',
    hangarTypeOvernight: true,
  };

  it('keeps a hangar type the form does not show when the hangar stays requested', () => {
    // The form alone has no field for it, so it would come back unset.
    expect(roundTrip(stored).hangarTypeOvernight).not.toBe(true);
    expect(keepServicesTheFormDoesNotShow(roundTrip(stored), stored)).toMatchObject({
      hangar: true,
      hangarTypeOvernight: true,
    });
  });

  it('drops the hangar type with the hangar when the pilot turns the hangar off', () => {
    const withoutHangar = servicesPayload(quoteServicesSchema.parse({ ...servicesValuesFrom(stored), hangar: false }));
    expect(keepServicesTheFormDoesNotShow(withoutHangar, stored)).toMatchObject({
      hangar: false,
      hangarTypeOvernight: false,
    });
  });
});
