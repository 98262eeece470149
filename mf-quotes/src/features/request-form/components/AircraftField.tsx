import type { AircraftDto } from '@rampquote/contracts';
import { Box, Field, Link, RouterLink, SimpleGrid, Skeleton, Span, Stack, Text } from '@rampquote/web-kit';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectInput } from '../../../shared/select-input/SelectInput';
import { aircraftSpecLines } from '../aircraft-specs';
import { aircraftLabel, type RequestFormValues } from '../request-form-values';

export const AircraftTexts = {
  noneFound: 'No aircraft found. Please add an aircraft in your profile.',
  noneAvailable: 'No aircraft available',
  loadFailed: 'Your aircraft could not be loaded. Please refresh the page.',
  add: '+ Add an Aircraft',
} as const;

/** Where '+ Add an Aircraft' goes: the aircraft tab, with the intent to open its add dialog (a query parameter). */
export const ADD_AIRCRAFT_LINK = '/account/aircraft?add=1';

/** The aircraft choice (required): the saved aircraft, the default one preselected (spec sections 2 and 4). */
export function AircraftField({
  aircraft,
  loading,
  failed,
}: {
  aircraft: AircraftDto[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { register, control, formState } = useFormContext<RequestFormValues>();
  const aircraftId = useWatch({ control, name: 'aircraftId' });
  const list = aircraft ?? [];
  const selected = list.find((a) => a.id === aircraftId);
  const empty = !loading && !failed && list.length === 0;
  const error = formState.errors.aircraftId?.message;
  const specs = selected ? aircraftSpecLines(selected) : [];

  return (
    <Stack gap="2">
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>
          Aircraft
          <Field.RequiredIndicator />
        </Field.Label>
        {loading ? (
          <Skeleton h="10" w="full" />
        ) : (
          <SelectInput
            {...register('aircraftId')}
            disabled={list.length === 0}
            options={list.map((a) => ({ value: a.id, label: `${aircraftLabel(a)}${a.isDefault ? ' (default)' : ''}` }))}
            placeholder={list.length === 0 ? AircraftTexts.noneAvailable : undefined}
          />
        )}
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {empty ? <Text color="fg.warning">{AircraftTexts.noneFound}</Text> : null}
      {failed ? <Text color="fg.error">{AircraftTexts.loadFailed}</Text> : null}
      <Link asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
        <RouterLink to={ADD_AIRCRAFT_LINK}>{AircraftTexts.add}</RouterLink>
      </Link>
      {specs.length ? (
        // The list is the grid itself: a <dl> holds only dt/dd pairs, each pair wrapped in one <div>.
        <SimpleGrid
          as="dl"
          columns={{ base: 1, sm: 2, md: 3 }}
          gap="2"
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="l2"
          p="3"
          aria-label="Aircraft figures"
        >
          {specs.map((line) => (
            <Box key={line.label} minW="0">
              <Span as="dt" display="block" fontSize="xs" color="fg.muted">
                {line.label}
              </Span>
              <Span as="dd" display="block" ms="0">
                {line.value}
              </Span>
            </Box>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
