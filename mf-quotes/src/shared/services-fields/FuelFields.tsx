import {
  FUEL_AMOUNT_MAX,
  FUEL_TYPE_FLAG_KEYS,
  FUEL_TYPE_FLAGS,
  type FuelTypeFlag,
  type QuoteUnits,
} from '@rampquote/contracts';
import { chakra, Checkbox, Field, FormInput, SimpleGrid, Stack } from '@rampquote/web-kit';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import type { ServicesForm } from './ServicesFields';
import { unitWords } from './services-form-values';

const Fieldset = chakra('fieldset');
const Legend = chakra('legend');

const path = (name: string) => `services.${name}` as FieldPath<ServicesForm>;

/**
 * The Fuel section (spec sections 2-4 and 9): one fuel grade at most (choosing one clears the others; choosing it
 * again clears it) and the estimated amount in the user's units (gallons or liters).
 */
export function FuelFields({ units }: { units: QuoteUnits }) {
  const { control, register, setValue, formState } = useFormContext<ServicesForm>();
  const grades = useWatch({ control, name: FUEL_TYPE_FLAG_KEYS.map(path) as FieldPath<ServicesForm>[] }) as unknown[];
  const amountError = formState.errors.services?.fuelEstimatedAmount?.message;

  const choose = (flag: FuelTypeFlag, checked: boolean) => {
    for (const key of FUEL_TYPE_FLAG_KEYS) {
      setValue(path(key), key === flag ? checked : false, { shouldDirty: true });
    }
  };

  return (
    <Stack gap="4">
      <Fieldset border="0" p="0" m="0" minW="0">
        <Legend fontWeight="medium" fontSize="sm" mb="2">
          Fuel type (choose one)
        </Legend>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
          {FUEL_TYPE_FLAG_KEYS.map((flag, index) => (
            <Checkbox.Root
              key={flag}
              checked={grades[index] === true}
              name={`services.${flag}`}
              onCheckedChange={({ checked }) => choose(flag, checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{FUEL_TYPE_FLAGS[flag]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Fieldset>
      <Field.Root invalid={Boolean(amountError)} maxW={{ md: 'sm' }}>
        <Field.Label>Estimated fuel amount ({unitWords(units).volume})</Field.Label>
        <FormInput
          type="number"
          inputMode="decimal"
          min={0}
          max={FUEL_AMOUNT_MAX}
          step="any"
          placeholder="e.g. 300"
          {...register(path('fuelEstimatedAmount'))}
        />
        <Field.ErrorText>{amountError}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
