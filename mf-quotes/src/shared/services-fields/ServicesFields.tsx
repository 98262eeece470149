import {
  AIR_CART_DURATION,
  COFFEE_TYPES,
  DEICING_TYPES,
  GPU_DURATION,
  HANGAR_PRIORITIES,
  ICE_RANGE,
  LAV_SERVICE_TYPES,
  NEWSPAPERS_RANGE,
  POTABLE_WATER_RANGE,
  type QuoteUnits,
} from '@rampquote/contracts';
import { Box, Checkbox, Field, SimpleGrid, Stack, Switch } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { SelectInput, type SelectOption } from '../select-input/SelectInput';
import { TOGGLE_DEFAULTS, unitWords, type ServicesFormValues, type ServiceToggle } from './services-form-values';

/** The shape of any form holding a services object. */
export interface ServicesForm {
  services: ServicesFormValues;
}

const range = (min: number, max: number, step = 1): number[] => {
  const values: number[] = [];
  for (let v = min; v <= max; v += step) values.push(v);
  return values;
};
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const minutesOptions = (r: { min: number; max: number; step: number }): SelectOption[] =>
  range(r.min, r.max, r.step).map((m) => ({ value: String(m), label: `${m} minutes` }));
const amountOptions = (r: { min: number; max: number }, unit: string): SelectOption[] =>
  range(r.min, r.max).map((n) => ({ value: String(n), label: `${n} ${unit}` }));

interface DetailSelect {
  name: keyof ServicesFormValues;
  label: string;
  options: SelectOption[];
  placeholder?: string;
}

function serviceRows(units: QuoteUnits): { toggle: ServiceToggle; label: string; detail?: DetailSelect }[] {
  const words = unitWords(units);
  return [
    {
      toggle: 'gpu',
      label: 'GPU (ground power unit)',
      detail: { name: 'gpuDuration', label: 'GPU duration', options: minutesOptions(GPU_DURATION) },
    },
    {
      toggle: 'lavService',
      label: 'Lavatory service',
      detail: {
        name: 'lavServiceType',
        label: 'Lavatory service type',
        options: LAV_SERVICE_TYPES.map((t) => ({ value: t, label: capitalized(t) })),
        placeholder: 'Any type',
      },
    },
    {
      toggle: 'potableWater',
      label: 'Potable water',
      detail: {
        name: 'potableWaterGallons',
        label: `Potable water (${words.volume})`,
        options: amountOptions(POTABLE_WATER_RANGE, words.volume),
        placeholder: 'Amount',
      },
    },
    {
      toggle: 'coffee',
      label: 'Coffee',
      detail: {
        name: 'coffeeType',
        label: 'Coffee type',
        options: COFFEE_TYPES.map((t) => ({ value: t, label: capitalized(t) })),
      },
    },
    {
      toggle: 'ice',
      label: 'Ice',
      detail: {
        name: 'icePounds',
        label: `Ice (${words.weight})`,
        options: amountOptions(ICE_RANGE, words.weight),
        placeholder: 'Amount',
      },
    },
    {
      toggle: 'newspapers',
      label: 'Newspapers',
      detail: {
        name: 'newspapersSets',
        label: 'Newspapers (sets)',
        options: amountOptions(NEWSPAPERS_RANGE, 'sets').map((o) => (o.value === '1' ? { ...o, label: '1 set' } : o)),
        placeholder: 'Sets',
      },
    },
    {
      toggle: 'hangar',
      label: 'Hangar',
      detail: {
        name: 'hangarPriority',
        label: 'Hangar priority',
        options: HANGAR_PRIORITIES.map((p) => ({ value: p, label: capitalized(p) })),
      },
    },
    {
      toggle: 'deicing',
      label: 'De-icing',
      detail: {
        name: 'deicingType',
        label: 'De-icing type',
        options: DEICING_TYPES.map((t) => ({ value: t, label: `Type ${t}` })),
        placeholder: 'Any type',
      },
    },
    {
      toggle: 'airCart',
      label: 'Air cart',
      detail: { name: 'airCartDuration', label: 'Air cart duration', options: minutesOptions(AIR_CART_DURATION) },
    },
    { toggle: 'cleaning', label: 'Cleaning' },
  ];
}

const CLEANING_KINDS: { name: keyof ServicesFormValues; label: string }[] = [
  { name: 'cleaningWindshield', label: 'Windshield' },
  { name: 'cleaningInterior', label: 'Interior' },
  { name: 'cleaningExterior', label: 'Exterior' },
  { name: 'cleaningDishware', label: 'Dishware' },
];

const path = (name: keyof ServicesFormValues) => `services.${name}` as FieldPath<ServicesForm>;

function ServiceRow({
  toggle,
  label,
  children,
}: {
  toggle: ServiceToggle;
  label: string;
  children: (on: boolean) => ReactNode;
}) {
  const { control, getValues, setValue } = useFormContext<ServicesForm>();
  const on = useWatch({ control, name: path(toggle) }) === true;
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="l2" p="3" minW="0">
      <Controller
        control={control}
        name={path(toggle)}
        render={({ field }) => (
          <Switch.Root
            checked={field.value === true}
            name={field.name}
            colorPalette="brand"
            onCheckedChange={({ checked }) => {
              field.onChange(checked);
              const preset = TOGGLE_DEFAULTS[toggle];
              // Turning a service on fills its default amount when none is set (spec sections 4 and 9).
              if (checked && preset && !getValues(path(preset[0])))
                setValue(path(preset[0]), preset[1], { shouldDirty: true });
            }}
          >
            <Switch.HiddenInput role="switch" onBlur={field.onBlur} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label fontWeight="medium">{label}</Switch.Label>
          </Switch.Root>
        )}
      />
      <Box
        mt="3"
        opacity={on ? 1 : 0.5}
        transition="opacity 0.15s"
        data-testid={`${toggle}-details`}
        data-disabled={on ? undefined : ''}
      >
        {children(on)}
      </Box>
    </Box>
  );
}

/**
 * The Services section's toggles (spec sections 2, 3 and 9), each with its detail selector, disabled and dimmed
 * until the toggle is on. Amounts are in the user's units (gallons/pounds or liters/kg).
 */
export function ServicesFields({ units }: { units: QuoteUnits }) {
  const { control, register, formState } = useFormContext<ServicesForm>();
  const errors = formState.errors.services;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
      {serviceRows(units).map(({ toggle, label, detail }) => (
        <ServiceRow key={toggle} toggle={toggle} label={label}>
          {(on) =>
            detail ? (
              <Field.Root disabled={!on} invalid={Boolean(errors?.[detail.name])}>
                <Field.Label fontSize="sm">{detail.label}</Field.Label>
                <SelectInput
                  {...register(path(detail.name))}
                  options={detail.options}
                  placeholder={detail.placeholder}
                />
                <Field.ErrorText>{errors?.[detail.name]?.message}</Field.ErrorText>
              </Field.Root>
            ) : (
              <Stack gap="2" role="group" aria-label="Cleaning kinds">
                {CLEANING_KINDS.map((kind) => (
                  <Controller
                    key={kind.name}
                    control={control}
                    name={path(kind.name)}
                    render={({ field }) => (
                      <Checkbox.Root
                        checked={field.value === true}
                        disabled={!on}
                        name={field.name}
                        onCheckedChange={({ checked }) => field.onChange(checked === true)}
                      >
                        <Checkbox.HiddenInput onBlur={field.onBlur} />
                        <Checkbox.Control />
                        <Checkbox.Label>{kind.label}</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />
                ))}
              </Stack>
            )
          }
        </ServiceRow>
      ))}
    </SimpleGrid>
  );
}
