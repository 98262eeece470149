import { AIRPORT_SEARCH_MIN_CHARS, type AirportSearchResult } from '@rampquote/contracts';
import { Box, chakra, Field, FormInput, Span, Text } from '@rampquote/web-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { airportLabel, airportPlace } from '../airport-label';
import { useQuoteFormAirportSearchQuery } from '../quote-request-api';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec section 9: search debounce, and the delay before the dropdown closes when the field loses focus. */
export const AIRPORT_SEARCH_DEBOUNCE_MS = 300;
export const AIRPORT_DROPDOWN_CLOSE_DELAY_MS = 200;

export const AirportPickerTexts = {
  tooShort: 'Type at least 2 characters',
  searching: 'Searching...',
  noResults: 'No results found',
} as const;

const Listbox = chakra('ul');
const OptionItem = chakra('li');

export interface AirportPickerProps {
  label: string;
  value: AirportSearchResult | null;
  onChange: (airport: AirportSearchResult | null) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
  /** The input (react-hook-form focuses it on an error). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An airport search field (spec sections 2 and 9): a combobox whose list opens on focus, searches from 2
 * characters after a 300 ms pause, and says 'Type at least 2 characters', 'Searching...' or 'No results found'.
 * ArrowDown/ArrowUp move through the results, Enter picks one, Escape closes the list; leaving the field closes it
 * after 200 ms (so a click on a result still lands). Typing after a pick clears the pick.
 */
export function AirportPicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  placeholder,
  inputRef,
}: AirportPickerProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [text, setText] = useState(() => (value ? airportLabel(value) : ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clearedByTyping = useRef(false);

  // A pick made elsewhere (a stored request, Reset) shows in the field; a pick cleared by typing keeps the text.
  const valueKey = value ? value.id || value.identifier : null;
  useEffect(() => {
    if (value) setText(airportLabel(value));
    else if (!clearedByTyping.current) setText('');
    clearedByTyping.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the picked airport only
  }, [valueKey]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const term = value ? '' : text.trim();
  const debounced = useDebouncedValue(term, AIRPORT_SEARCH_DEBOUNCE_MS);
  const longEnough = term.length >= AIRPORT_SEARCH_MIN_CHARS;
  const { currentData, isFetching } = useQuoteFormAirportSearchQuery(debounced, {
    skip: debounced.length < AIRPORT_SEARCH_MIN_CHARS,
  });
  const waiting = longEnough && (debounced !== term || isFetching || currentData === undefined);
  const results = longEnough && !waiting ? (currentData ?? []) : [];
  const showList = open && !value;
  const message = !longEnough
    ? AirportPickerTexts.tooShort
    : waiting
      ? AirportPickerTexts.searching
      : results.length === 0
        ? AirportPickerTexts.noResults
        : null;

  const pick = (airport: AirportSearchResult) => {
    clearTimeout(closeTimer.current);
    setText(airportLabel(airport));
    setOpen(false);
    setActive(-1);
    onChange(airport);
  };

  const onType = (next: string) => {
    setText(next);
    setOpen(true);
    setActive(-1);
    if (value) {
      clearedByTyping.current = true;
      onChange(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (results.length) setActive((i) => (i + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
        break;
      case 'Enter':
        if (showList) {
          // Never submits the form while the list is open.
          event.preventDefault();
          const chosen = results[active];
          if (chosen) pick(chosen);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  const activeIndex = active < results.length ? active : -1;
  const listOpen = showList && results.length > 0;

  return (
    <Field.Root invalid={Boolean(error)} required={required} position="relative">
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <FormInput
        ref={inputRef}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={listOpen}
        aria-controls={listOpen ? listboxId : undefined}
        aria-activedescendant={listOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        placeholder={placeholder ?? 'Search by code, name or city'}
        value={text}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => {
            setOpen(false);
            setActive(-1);
          }, AIRPORT_DROPDOWN_CLOSE_DELAY_MS);
          onBlur?.();
        }}
      />
      {showList ? (
        <Box
          position="absolute"
          top="100%"
          insetInline="0"
          mt="1"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="l2"
          boxShadow="lg"
          maxH="64"
          overflowY="auto"
        >
          {message ? (
            <Text role="status" px="3" py="2" fontSize="sm" color="fg.muted">
              {message}
            </Text>
          ) : null}
          {listOpen ? (
            <Listbox id={listboxId} role="listbox" aria-label={`${label} results`} listStyleType="none" m="0" p="1">
              {results.map((airport, index) => (
                <OptionItem
                  key={airport.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  px="3"
                  py="2"
                  borderRadius="l1"
                  cursor="pointer"
                  bg={index === activeIndex ? 'brand.subtle' : undefined}
                  outline={index === activeIndex ? '2px solid' : undefined}
                  outlineColor="brand.focusRing"
                  _hover={{ bg: 'bg.muted' }}
                  onMouseEnter={() => setActive(index)}
                  // Keep the focus in the field: the pick happens on click.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(airport)}
                >
                  <Span fontWeight="medium">{airportLabel(airport)}</Span>
                  {airportPlace(airport) ? (
                    <Span display="block" fontSize="xs" color="fg.muted">
                      {airportPlace(airport)}
                    </Span>
                  ) : null}
                </OptionItem>
              ))}
            </Listbox>
          ) : null}
        </Box>
      ) : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
