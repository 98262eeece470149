import type { QuoteUnits } from '@rampquote/contracts';
import { Stack } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { FormSection } from '../FormSection';
import { FuelFields } from './FuelFields';
import { ServicesFields } from './ServicesFields';

/** A quote form's Fuel and Services cards; `servicesExtra` goes under the services (the request form's rewards numbers). */
export function FuelAndServicesSections({ units, servicesExtra }: { units: QuoteUnits; servicesExtra?: ReactNode }) {
  return (
    <>
      <FormSection title="Fuel">
        <FuelFields units={units} />
      </FormSection>
      <FormSection title="Services">
        {servicesExtra ? (
          <Stack gap="4">
            <ServicesFields units={units} />
            {servicesExtra}
          </Stack>
        ) : (
          <ServicesFields units={units} />
        )}
      </FormSection>
    </>
  );
}
