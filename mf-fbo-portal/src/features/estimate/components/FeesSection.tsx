import {
  FEE_KINDS,
  FEE_LABELS,
  FEE_WAIVER_MAX_GALLONS,
  formatQuantity,
  PER_NIGHT_FEES,
  type FeeKind,
} from '@rampquote/contracts';
import { Card, Field, FormInput, Heading, Stack, Text } from '@rampquote/web-kit';
import { useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { formatUsdCents } from '../../../shared/format';
import { feesCentsAt, pricedNights, type EstimateContext, type EstimateFormValues } from '../estimate-form';
import { PRICE_INPUT_PROPS } from './ServiceEntry';

type FeeErrors = FieldErrors<EstimateFormValues>['fees'];

/**
 * 'Fees': ramp/facility, handling, overnight parking, security and after-hours call-out, each with a price and an
 * optional "waived with at least N gallons" (whole gallons). They are shown to the customer beside the services and
 * count in the landed total unless the requested fuel waives them; they are not part of the Total Estimate Amount.
 */
export function FeesSection({ context }: { context: EstimateContext }) {
  const { register, formState } = useFormContext<EstimateFormValues>();
  const fees = useWatch<EstimateFormValues, 'fees'>({ name: 'fees' });
  const errors = formState.errors.fees as FeeErrors;
  const charged = feesCentsAt({ fees }, context);
  const perNightNote = ` (per night, × ${formatQuantity(pricedNights(context), 'night')})`;
  return (
    <Card.Root as="section" aria-labelledby="fees-title" variant="outline" bg="bg.panel">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Heading as="h3" size="lg" id="fees-title">
          Fees
        </Heading>
        <Text color="fg.muted">
          Ramp, facility and other fees the customer pays besides the services. Leave a fee empty if you do not charge
          it. A fee waived with enough fuel counts only when the customer buys less.
        </Text>
        {FEE_KINDS.map((kind: FeeKind) => {
          const error = errors?.[kind];
          const perNight = PER_NIGHT_FEES.includes(kind);
          return (
            <Stack key={kind} direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }}>
              <Field.Root invalid={Boolean(error?.price)} flex="1">
                <Field.Label>{`${FEE_LABELS[kind]}${perNight ? perNightNote : ''}`}</Field.Label>
                <FormInput {...PRICE_INPUT_PROPS} {...register(`fees.${kind}.price`)} />
                <Field.ErrorText>{error?.price?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(error?.waivedWithGallons)} flex="1">
                <Field.Label>{`${FEE_LABELS[kind]}: waived with at least (gallons)`}</Field.Label>
                <FormInput
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="1"
                  max={String(FEE_WAIVER_MAX_GALLONS)}
                  size="lg"
                  placeholder="Not waived"
                  {...register(`fees.${kind}.waivedWithGallons`)}
                />
                <Field.ErrorText>{error?.waivedWithGallons?.message}</Field.ErrorText>
              </Field.Root>
            </Stack>
          );
        })}
        <Text fontWeight="medium" data-testid="fees-charged">
          {context.gallons !== null
            ? `Fees the customer pays at the requested ${context.gallons.toLocaleString('en-US')} gallons: ${formatUsdCents(charged)}`
            : `Fees the customer pays (no fuel requested): ${formatUsdCents(charged)}`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
