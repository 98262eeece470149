import { Box, chakra, Input, Span, Stack, Text } from '@rampquote/web-kit';
import { useId, type Ref } from 'react';
import { SelectInput } from '../select-input/SelectInput';
import {
  combineDateTime,
  dateTimeParts,
  DEFAULT_HOUR,
  DEFAULT_MINUTE,
  HOURS,
  isPastDay,
  localDateKey,
  MINUTE_STEPS,
  twoDigits,
} from './date-time';

const Fieldset = chakra('fieldset');
const Legend = chakra('legend');
const Label = chakra('label');

const HOUR_OPTIONS = HOURS.map((h) => ({ value: String(h), label: twoDigits(h) }));
const MINUTE_OPTIONS = MINUTE_STEPS.map((m) => ({ value: String(m), label: twoDigits(m) }));

export interface DateTimePickerProps {
  /** The group's name, e.g. "Arrival"; the controls are named "Arrival date", "Arrival hour", "Arrival minute". */
  label: string;
  /** ISO date-time, or '' when none is chosen. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  /** "Today" (tests pass a fixed one). */
  now?: Date;
  /** The date input (react-hook-form focuses it on an error). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A date-time picker (spec sections 2 and 9): a native date input where days before today cannot be chosen,
 * then hour (0-23) and minute (0, 15, 30, 45) selects. Picking the first day sets the time to 12:00; changing the
 * day later keeps the chosen time. The hour and minute wait (disabled) until a day is chosen.
 */
export function DateTimePicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  now,
  inputRef,
}: DateTimePickerProps) {
  const id = useId();
  const parts = dateTimeParts(value);
  const today = localDateKey(now ?? new Date());
  const errorId = `${id}-error`;

  const onDay = (day: string) => {
    if (!day) {
      onChange('');
      return;
    }
    if (isPastDay(day, now)) return;
    onChange(combineDateTime(day, parts?.hour ?? DEFAULT_HOUR, parts?.minute ?? DEFAULT_MINUTE));
  };
  const onTime = (hour: number, minute: number) => {
    if (parts) onChange(combineDateTime(parts.day, hour, minute));
  };
  // A value set elsewhere (a stored request) may carry any minute: show the step below it.
  const minute = parts ? (MINUTE_STEPS.filter((m) => m <= parts.minute).pop() ?? 0) : DEFAULT_MINUTE;

  return (
    <Fieldset minW="0" border="0" p="0" m="0" aria-describedby={error ? errorId : undefined}>
      <Legend fontWeight="medium" fontSize="sm" mb="1.5">
        {label}
        {required ? (
          <Span color="fg.error" aria-hidden="true" ms="1">
            *
          </Span>
        ) : null}
      </Legend>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'stretch', sm: 'flex-end' }}>
        <Box flex="2" minW="0">
          <Label htmlFor={`${id}-day`} fontSize="xs" color="fg.muted" display="block" mb="1">
            {label} date
          </Label>
          <Input
            ref={inputRef}
            id={`${id}-day`}
            type="date"
            min={today}
            value={parts?.day ?? ''}
            onChange={(e) => onDay(e.target.value)}
            onBlur={onBlur}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            borderColor={error ? 'border.error' : undefined}
          />
        </Box>
        {/* Hour and minute keep room for two digits beside a date that takes the rest. */}
        <Stack direction="row" gap="2" flex={{ base: '1', sm: 'none' }} minW="0">
          <Box flex={{ base: '1', sm: 'none' }} w={{ sm: '5rem' }} minW="0">
            <Label htmlFor={`${id}-hour`} fontSize="xs" color="fg.muted" display="block" mb="1">
              {label} hour
            </Label>
            <SelectInput
              id={`${id}-hour`}
              options={HOUR_OPTIONS}
              value={String(parts?.hour ?? DEFAULT_HOUR)}
              disabled={!parts}
              onChange={(e) => onTime(Number(e.target.value), minute)}
              onBlur={onBlur}
            />
          </Box>
          <Box flex={{ base: '1', sm: 'none' }} w={{ sm: '5rem' }} minW="0">
            <Label htmlFor={`${id}-minute`} fontSize="xs" color="fg.muted" display="block" mb="1">
              {label} minute
            </Label>
            <SelectInput
              id={`${id}-minute`}
              options={MINUTE_OPTIONS}
              value={String(minute)}
              disabled={!parts}
              onChange={(e) => onTime(parts?.hour ?? DEFAULT_HOUR, Number(e.target.value))}
              onBlur={onBlur}
            />
          </Box>
        </Stack>
      </Stack>
      {error ? (
        <Text id={errorId} color="fg.error" fontSize="sm" mt="1.5">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}
