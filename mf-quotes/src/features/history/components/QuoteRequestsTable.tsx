import type { QuoteRequestListItemDto } from '@rampquote/contracts';
import { memo, useCallback, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { Badge, Box, HStack, Progress, Stack, Table, Text, useNavigate } from '@rampquote/web-kit';
import { useShownAfterFirstPaint } from '../../../shared/deferred/AfterFirstPaint';
import { formatDateTime } from '../../../shared/quote-format';
import { airportParts, quoteRowStatus, type QuoteRowStatus } from '../quote-row-status';
import { QuoteRowActions } from './QuoteRowActions';

interface Props {
  rows: QuoteRequestListItemDto[];
  onPrint: (quote: QuoteRequestListItemDto) => void;
  onDelete: (quote: QuoteRequestListItemDto) => void;
}

function AirportCell({ airport }: { airport: { identifier: string; name: string } | null }) {
  const { identifier, name } = airportParts(airport);
  return (
    <>
      <Text fontWeight="semibold">{identifier}</Text>
      <Text color="fg.muted" fontSize="sm">
        {name}
      </Text>
    </>
  );
}

/** A request's FBO response status: badge, responses, progress bar and line (the table's column, a card's part). */
function QuoteStatus({ quote, status }: { quote: QuoteRequestListItemDto; status: QuoteRowStatus }) {
  return (
    <Stack gap="1.5">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={status.palette} variant="subtle">
          {status.label}
        </Badge>
        <Text fontSize="sm">
          {quote.responseCount}/{quote.totalFbosCount} responses
        </Text>
      </HStack>
      <Progress.Root
        value={status.percent}
        min={0}
        max={100}
        size="sm"
        colorPalette={status.palette === 'yellow' ? 'brand' : status.palette}
      >
        <Progress.Track aria-label={`Responses for ${quote.uniqueId}: ${status.percent}%`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="fg.muted">
        {status.progressText}
      </Text>
    </Stack>
  );
}

/** Narrower than Chakra's `md` breakpoint (48em): the requests are cards, not a table wider than the screen. */
const NARROW_SCREEN = '(max-width: 47.99em)';

function subscribeNarrow(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;

/** Requests rendered at once (what a screen shows: two cards on a phone); the others follow just after. */
export const FIRST_ROWS = { cards: 2, table: 5 } as const;

/**
 * The My Quotes table (spec section 2). The spec records the columns' data swapped against their labels (the
 * "Departure Airport" column showing the destination); RampQuote shows what each label says instead (a decided
 * deviation): the departure airport (`originAirport`) under "Departure Airport", the destination (`airport`) with
 * the arrival and departure times there under "Destination Airport". A row opens the request's details by click
 * or Enter.
 */
export const QuoteRequestsTable = memo(function QuoteRequestsTable({ rows, onPrint, onDelete }: Props) {
  const navigate = useNavigate();
  const open = useCallback((quote: QuoteRequestListItemDto) => void navigate(`/quote-details/${quote.id}`), [navigate]);
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const allShown = useShownAfterFirstPaint();
  const shown = allShown ? rows : rows.slice(0, narrow ? FIRST_ROWS.cards : FIRST_ROWS.table);
  // Until every row is there, the list keeps what follows it (the footer) below the screen.
  const minH = shown.length < rows.length ? '100vh' : undefined;
  if (narrow)
    return (
      <Stack as="ul" aria-label="Your quote requests" listStyleType="none" gap="3" m="0" p="0" minH={minH}>
        {shown.map((quote) => (
          <QuoteCard key={quote.id} quote={quote} onPrint={onPrint} onDelete={onDelete} open={open} />
        ))}
      </Stack>
    );
  return (
    <Box overflowX="auto" minH={minH}>
      <Table.Root size="sm" aria-label="Your quote requests" minW="44rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Departure Airport</Table.ColumnHeader>
            <Table.ColumnHeader>Destination Airport</Table.ColumnHeader>
            <Table.ColumnHeader>FBO Response Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((quote) => (
            <QuoteTableRow key={quote.id} quote={quote} onPrint={onPrint} onDelete={onDelete} open={open} />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
});

interface RowProps {
  quote: QuoteRequestListItemDto;
  onPrint: (quote: QuoteRequestListItemDto) => void;
  onDelete: (quote: QuoteRequestListItemDto) => void;
  open: (quote: QuoteRequestListItemDto) => void;
}

/** A row's or card's handlers: it opens the request on a click or on Enter, except from its action menu. */
function opensOnClickOrEnter(quote: QuoteRequestListItemDto, open: RowProps['open']) {
  return {
    onClick: (event: MouseEvent<HTMLElement>) => {
      // Not for clicks in the action menu (its items render in a portal, outside the row's DOM).
      const target = event.target as Element;
      if (event.currentTarget.contains(target) && !target.closest('[data-row-actions]')) open(quote);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) open(quote);
    },
  };
}

/** A request in the table: rendered again only when the request (or a handler) changes. */
const QuoteTableRow = memo(function QuoteTableRow({ quote, onPrint, onDelete, open }: RowProps) {
  const status = quoteRowStatus(quote);
  return (
    <Table.Row
      data-testid={`quote-row-${quote.id}`}
      tabIndex={0}
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      {...opensOnClickOrEnter(quote, open)}
    >
      <Table.Cell verticalAlign="top">
        <AirportCell airport={quote.originAirport} />
        <Text fontSize="xs" color="fg.muted" mt="1">
          Quote {quote.uniqueId}
        </Text>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <AirportCell airport={quote.airport} />
        <Text fontSize="xs" color="fg.muted" mt="1">
          Arrival: {formatDateTime(quote.arrivalDate) || '—'}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Departure: {formatDateTime(quote.departureDate) || '—'}
        </Text>
      </Table.Cell>
      <Table.Cell verticalAlign="top" minW="14rem">
        <QuoteStatus quote={quote} status={status} />
      </Table.Cell>
      <Table.Cell verticalAlign="top" textAlign="end">
        <QuoteRowActions quote={quote} status={status} onPrint={onPrint} onDelete={onDelete} />
      </Table.Cell>
    </Table.Row>
  );
});

/**
 * A request as a card on a phone: the airports, the status and the actions within the screen's width; it opens
 * the request's details by click or Enter, as a table row does.
 */
const QuoteCard = memo(function QuoteCard({ quote, onPrint, onDelete, open }: RowProps) {
  const status = quoteRowStatus(quote);
  return (
    <Box
      as="li"
      data-testid={`quote-row-${quote.id}`}
      tabIndex={0}
      cursor="pointer"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="l2"
      p="3"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      {...opensOnClickOrEnter(quote, open)}
    >
      <HStack justify="space-between" align="flex-start" gap="2">
        <Text fontSize="xs" color="fg.muted">
          Quote {quote.uniqueId}
        </Text>
        <QuoteRowActions quote={quote} status={status} onPrint={onPrint} onDelete={onDelete} />
      </HStack>
      <Stack gap="2" mt="1">
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted">
            Departure Airport
          </Text>
          <AirportCell airport={quote.originAirport} />
        </Box>
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted">
            Destination Airport
          </Text>
          <AirportCell airport={quote.airport} />
          <Text fontSize="xs" color="fg.muted" mt="1">
            Arrival: {formatDateTime(quote.arrivalDate) || '—'}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Departure: {formatDateTime(quote.departureDate) || '—'}
          </Text>
        </Box>
        <QuoteStatus quote={quote} status={status} />
      </Stack>
    </Box>
  );
});
