import type { FboServiceDto } from '@rampquote/contracts';
import { Box, Button, chakra, Input, Spinner, Text } from '@rampquote/web-kit';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export const SELECT_SERVICE_PLACEHOLDER = 'Select a service...';
export const SEARCH_SERVICES_PLACEHOLDER = 'Search services...';
export const NO_SERVICE_FOUND = 'No service found.';

interface Props {
  /** id of the trigger button (its Field label points at it). */
  id: string;
  /** Accessible name of the trigger (the label text). */
  labelledBy: string;
  describedBy?: string;
  value: { id: string; name: string } | null;
  options: FboServiceDto[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  invalid: boolean;
  onChange: (service: FboServiceDto) => void;
}

const Option = chakra('li');

/**
 * The searchable service-name picker of an Other Services line (spec section 2): a button showing the choice or
 * 'Select a service...', opening a search box ('Search services...') over the catalogue with 'No service found.'
 * when nothing matches. Keyboard: arrows move, Enter picks, Escape closes (focus back on the button). It opens
 * inline below the button, so it never leaves a phone's screen.
 */
export function ServicePicker({
  id,
  labelledBy,
  describedBy,
  value,
  options,
  loading,
  failed,
  onRetry,
  invalid,
  onChange,
}: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const matches = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (options ?? []).filter((o) => !term || o.serviceName.toLowerCase().includes(term));
  }, [options, search]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !triggerRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };

  const pick = (service: FboServiceDto) => {
    onChange(service);
    close(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const service = matches[active];
      if (service) pick(service);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <Box>
      <Button
        ref={triggerRef}
        id={id}
        type="button"
        variant="outline"
        size="lg"
        w="full"
        justifyContent="space-between"
        fontWeight="normal"
        color={value ? 'fg' : 'fg.muted'}
        borderColor={invalid ? 'border.error' : undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelledBy} ${id}-value`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onClick={() => {
          setSearch('');
          setActive(0);
          setOpen((o) => !o);
        }}
      >
        <Text as="span" id={`${id}-value`} truncate flex="1" minW="0" textAlign="start">
          {value?.name || SELECT_SERVICE_PLACEHOLDER}
        </Text>
        <Text as="span" aria-hidden="true">
          ▾
        </Text>
      </Button>
      {open ? (
        <Box
          ref={panelRef}
          mt="2"
          p="2"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="l2"
          bg="bg.panel"
        >
          <Input
            size="lg"
            autoFocus
            role="combobox"
            aria-label="Search services"
            aria-autocomplete="list"
            aria-expanded={matches.length > 0}
            aria-controls={matches.length > 0 ? listId : undefined}
            aria-activedescendant={matches[active] ? optionId(active) : undefined}
            placeholder={SEARCH_SERVICES_PLACEHOLDER}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {loading ? (
            <Box py="3" display="flex" gap="2" alignItems="center" role="status">
              <Spinner size="sm" />
              <Text color="fg.muted">Loading services...</Text>
            </Box>
          ) : failed ? (
            <Box py="3" role="status">
              <Text color="fg.error">The service list could not be loaded.</Text>
              <Button type="button" size="lg" variant="ghost" colorPalette="brand" onClick={onRetry}>
                Try again
              </Button>
            </Box>
          ) : matches.length === 0 ? (
            <Text py="3" px="2" color="fg.muted" role="status">
              {NO_SERVICE_FOUND}
            </Text>
          ) : (
            <Box
              as="ul"
              role="listbox"
              id={listId}
              aria-label="Services"
              listStyleType="none"
              m="0"
              mt="2"
              p="0"
              maxH="72"
              overflowY="auto"
            >
              {matches.map((service, index) => {
                const selected = value?.id === service.id;
                return (
                  <Option
                    key={service.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={selected}
                    minH="11"
                    px="3"
                    display="flex"
                    alignItems="center"
                    borderRadius="l1"
                    cursor="pointer"
                    bg={index === active ? 'bg.emphasized' : undefined}
                    fontWeight={selected ? 'semibold' : undefined}
                    onPointerMove={() => setActive(index)}
                    onClick={() => pick(service)}
                  >
                    {service.serviceName}
                  </Option>
                );
              })}
            </Box>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
