import { SimpleGrid } from '@rampquote/web-kit';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DateTimePicker } from '../../../shared/date-time-picker/DateTimePicker';
import { TripDuration } from '../../../shared/trip-duration/TripDuration';

interface VisitDates {
  arrival: string;
  departure: string;
}

const FIELDS = [
  { name: 'arrival', label: 'Arrival' },
  { name: 'departure', label: 'Departure' },
] as const;

/** Arrival and departure side by side on wide screens, the trip's duration under them (a form's FormProvider). */
export function VisitDatesFields() {
  const { control } = useFormContext<VisitDates>();
  const [arrival, departure] = useWatch({ control, name: ['arrival', 'departure'] });
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {FIELDS.map(({ name, label }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <DateTimePicker
                label={label}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </SimpleGrid>
      <TripDuration arrival={arrival} departure={departure} />
    </>
  );
}
