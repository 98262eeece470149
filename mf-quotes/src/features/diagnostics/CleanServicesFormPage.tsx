import { quoteServicesSchema, requestedServiceLabels, type QuoteUnits } from '@rampquote/contracts';
import { Box, Heading, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useQuoteFormProfile } from '../../shared/quote-request-api';
import { FuelAndServicesSections } from '../../shared/services-fields/FuelAndServicesSections';
import type { ServicesForm } from '../../shared/services-fields/ServicesFields';
import { defaultServicesValues, servicesPayload } from '../../shared/services-fields/services-form-values';
import { PageColumn } from '../../shared/PageColumn';

/** The services (as the form holds them) in words, as a request would carry them. */
function summary(values: ServicesForm['services'], units: QuoteUnits): string[] {
  const parsed = quoteServicesSchema.safeParse(values);
  return parsed.success ? requestedServiceLabels(servicesPayload(parsed.data), units) : [];
}

/**
 * /clean-form 'Clean Services Form' (spec section 2): the Fuel and Services sections of the request form on their
 * own, with the services they would request, for checking their behaviour without a whole request.
 */
export function CleanServicesFormPage() {
  usePageMeta({
    title: 'Clean Services Form',
    description: 'Diagnostic page of the services form.',
    path: '/clean-form',
  });
  const { data: profile } = useQuoteFormProfile();
  const units: QuoteUnits = profile?.preferredUnits === 'Metric' ? 'metric' : 'standard';
  const methods = useForm<ServicesForm>({ defaultValues: { services: defaultServicesValues() } });
  const services = useWatch({ control: methods.control, name: 'services' });
  const labels = summary(services, units);

  return (
    <FormProvider {...methods}>
      <PageColumn maxW="4xl">
        <Stack gap="5">
          <Heading as="h1" size="2xl">
            Clean Services Form
          </Heading>
          <form noValidate onSubmit={(e) => e.preventDefault()} aria-label="Clean Services Form">
            <Stack gap="5">
              <FuelAndServicesSections units={units} />
            </Stack>
          </form>
          <Box aria-live="polite">
            <Heading as="h2" size="md" mb="2">
              Requested services
            </Heading>
            {labels.length ? (
              <Box as="ul" ps="5" data-testid="requested-services">
                {labels.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </Box>
            ) : (
              <Text color="fg.muted">None yet</Text>
            )}
          </Box>
        </Stack>
      </PageColumn>
    </FormProvider>
  );
}
