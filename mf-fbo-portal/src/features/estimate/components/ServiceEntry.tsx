import { formatQuantity, type EstimatePageDataDto, type EstimateServiceKey } from '@rampquote/contracts';
import {
  Alert,
  Box,
  Checkbox,
  Field,
  FormInput,
  Heading,
  InputGroup,
  Stack,
  Text,
  VisuallyHidden,
  Wrap,
  Badge,
} from '@rampquote/web-kit';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { formatUsdCents } from '../../../shared/format';
import {
  canBeUnavailable,
  isPerNight,
  pricedNights,
  serviceCents,
  type EstimateContext,
  type EstimateFormValues,
} from '../estimate-form';
import type { ServiceSection } from '../service-sections';
import { FormTextarea } from '../../../shared/FormTextarea';

/** Props of a price input: decimal keyboard on phones, cents steps, never below zero. */
export const PRICE_INPUT_PROPS = {
  type: 'number',
  inputMode: 'decimal',
  step: '0.01',
  min: '0',
  placeholder: '0.00',
  size: 'lg',
} as const;

/** What the customer asked for in this service: lines and tags. */
function Requested({ lines, tags }: { lines: string[]; tags: string[] }) {
  if (!lines.length && !tags.length) return null;
  return (
    <Stack gap="1.5">
      {lines.map((line) => (
        <Text key={line} color="fg.muted">
          {line}
        </Text>
      ))}
      {tags.length ? (
        <Wrap gap="2">
          {tags.map((tag) => (
            <Badge key={tag} size="lg" variant="outline" colorPalette="brand">
              {tag}
            </Badge>
          ))}
        </Wrap>
      ) : null}
    </Stack>
  );
}

/** The amount this line adds to the total when the price is not simply added (per gallon, per night). */
function LineAmount({ serviceKey, context }: { serviceKey: EstimateServiceKey; context: EstimateContext }) {
  const entry = useWatch<EstimateFormValues, `servicesQuoted.${EstimateServiceKey}`>({
    name: `servicesQuoted.${serviceKey}`,
  });
  const amount = () => formatUsdCents(serviceCents(serviceKey, entry, context));
  if (serviceKey === 'dedicatedFuel') {
    return (
      <Text fontSize="sm" color="fg.muted">
        {context.gallons !== null
          ? `× ${formatQuantity(context.gallons, 'gallon')} = ${amount()}`
          : 'Amount not specified: the price per gallon counts once in the total.'}
      </Text>
    );
  }
  if (isPerNight(serviceKey)) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {`× ${formatQuantity(pricedNights(context), 'night')} = ${amount()}`}
      </Text>
    );
  }
  return null;
}

/**
 * One requested service: what was asked, the price (step 0.01, decimal keyboard) and notes, and the 'Unavailable'
 * checkbox where the spec offers it. Marking it unavailable hides the inputs behind the red notice; the typed
 * values stay in the form, so unchecking brings them back.
 */
export function ServiceEntry({
  section,
  data,
  context,
  level = 3,
}: {
  section: ServiceSection;
  data: EstimatePageDataDto;
  context: EstimateContext;
  level?: 3 | 4;
}) {
  const { key, title, priceLabel } = section;
  const { register, control, formState } = useFormContext<EstimateFormValues>();
  const unavailable = useWatch<EstimateFormValues, `servicesQuoted.${EstimateServiceKey}.unavailable`>({
    control,
    name: `servicesQuoted.${key}.unavailable`,
  });
  const offered = canBeUnavailable(key);
  const isUnavailable = offered && unavailable === true;
  const priceError = formState.errors.servicesQuoted?.[key]?.price?.message;
  const notesError = formState.errors.servicesQuoted?.[key]?.notes?.message;
  const headingId = `service-${key}-title`;
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={`service-${key}`}>
      <Stack gap="3">
        <Heading as={level === 3 ? 'h3' : 'h4'} size={level === 3 ? 'lg' : 'md'} id={headingId}>
          {title}
        </Heading>
        <Requested {...section.details(data)} />
        {offered ? (
          <Controller
            control={control}
            name={`servicesQuoted.${key}.unavailable`}
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value === true}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                size="lg"
                minH="11"
                alignSelf="flex-start"
              >
                <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} ref={field.ref} />
                <Checkbox.Control />
                <Checkbox.Label>
                  Unavailable<VisuallyHidden> for {title}</VisuallyHidden>
                </Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        ) : null}
        {isUnavailable ? (
          <Alert.Root status="error" role="status">
            <Alert.Indicator />
            <Alert.Title>This service is marked as unavailable</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="3">
            <Field.Root invalid={Boolean(priceError)}>
              <Field.Label>
                {priceLabel}
                <VisuallyHidden> for {title}</VisuallyHidden>
              </Field.Label>
              <InputGroup startElement="$" w="full">
                <FormInput {...PRICE_INPUT_PROPS} {...register(`servicesQuoted.${key}.price`)} />
              </InputGroup>
              <LineAmount serviceKey={key} context={context} />
              <Field.ErrorText>{priceError}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(notesError)}>
              <Field.Label>
                Notes<VisuallyHidden> for {title}</VisuallyHidden> (optional)
              </Field.Label>
              <FormTextarea rows={2} {...register(`servicesQuoted.${key}.notes`)} />
              <Field.ErrorText>{notesError}</Field.ErrorText>
            </Field.Root>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
