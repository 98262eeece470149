import type { FboInboxRowDto, FboInboxState, FboMembershipDto } from '@rampquote/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  NativeSelect,
  RouterLink,
  Stack,
  Text,
  usePageMeta,
  VisuallyHidden,
  Wrap,
} from '@rampquote/web-kit';
import { FboAccountGate } from '../../../shared/FboAccountGate';
import { airportLine, formatDate, formatDateTime } from '../../../shared/format';
import { inboxRequestPath } from '../../../shared/paths';
import { LoadingScreen, MessageScreen, PortalPage } from '../../../shared/PortalPage';
import { useEffect, useRef, useState } from 'react';
import { useFboPortalInboxInfiniteQuery } from '../api/inbox-api';

export const INBOX_STATE_LABELS: Record<FboInboxState, string> = {
  open: 'Open',
  answered: 'Answered',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

const STATE_PALETTE: Record<FboInboxState, string> = {
  open: 'brand',
  answered: 'green',
  declined: 'gray',
  withdrawn: 'orange',
  expired: 'orange',
};

export const INBOX_TEXTS = {
  title: 'FBO Inbox',
  emptyTitle: 'No quote requests yet',
  emptyText: 'Requests sent to your FBO appear here as soon as a pilot or flight department selects you.',
  loadFailedTitle: 'Your inbox could not be loaded',
  filterLabel: 'FBO',
  allFbos: 'All my FBOs',
  amended: 'Amended',
  amendedOn: (date: string) => `amended ${date}`,
  earlierVersion: 'Your estimate was for the earlier version: re-price it, or send the same prices to confirm them.',
  loadMore: 'Load more requests',
  loadingMore: 'Loading more requests...',
  loadMoreFailed: 'More requests could not be loaded. Please check your connection and try again.',
  tryAgain: 'Try again',
  allShown: (count: number) => `All ${count} requests are shown.`,
} as const;

/** The loaded pages as one list, newest first (the server already orders them), each request once. */
function rowsOf(pages: readonly { requests: FboInboxRowDto[] }[]): FboInboxRowDto[] {
  const seen = new Set<string>();
  const rows = pages.flatMap((p) => p.requests).filter((r) => !seen.has(r.invitationId) && seen.add(r.invitationId));
  return rows.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Still open, with an estimate given for the version before an amendment. */
const awaitsRepricing = (row: FboInboxRowDto) => row.state === 'open' && row.estimateForEarlierVersion === true;

/** The row's action: enter an estimate, re-price one given for the earlier version, or view. */
function actionOf(row: FboInboxRowDto): string {
  if (awaitsRepricing(row)) return 'Re-price estimate';
  return row.state === 'open' ? 'Enter estimate' : 'View';
}

function customerOf(row: FboInboxRowDto): string {
  return row.requester.companyName?.trim() || row.requester.name.trim() || 'Individual Customer';
}

function aircraftOf(row: FboInboxRowDto): string | null {
  if (!row.aircraft) return null;
  return [row.aircraft.tailNumber, `${row.aircraft.make} ${row.aircraft.model}`.trim()].filter(Boolean).join(' - ');
}

function InboxRow({ row }: { row: FboInboxRowDto }) {
  const headingId = `inbox-${row.invitationId}`;
  const open = row.state === 'open';
  const action = actionOf(row);
  return (
    <Card.Root
      as="li"
      aria-labelledby={headingId}
      variant="outline"
      bg="bg.panel"
      borderInlineStartWidth="6px"
      borderInlineStartColor={open ? 'brand.solid' : 'border.emphasized'}
    >
      <Card.Body gap="2" p={{ base: '4', md: '5' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2">
          <Box minW="0">
            <Heading as="h2" size="md" id={headingId} overflowWrap="anywhere">
              {row.airport.identifier} · {customerOf(row)}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Quote ID {row.uniqueId} · {row.fbo.name}
            </Text>
          </Box>
          <Wrap gap="1.5" alignSelf="flex-start">
            {row.amendedAt ? (
              <Badge colorPalette="orange" size="lg" variant="outline">
                {INBOX_TEXTS.amended}
              </Badge>
            ) : null}
            <Badge colorPalette={STATE_PALETTE[row.state]} size="lg" variant={open ? 'solid' : 'subtle'}>
              {INBOX_STATE_LABELS[row.state]}
            </Badge>
          </Wrap>
        </Stack>
        {awaitsRepricing(row) ? <Text fontWeight="medium">{INBOX_TEXTS.earlierVersion}</Text> : null}
        <Text>
          {airportLine(row.departureAirport)} → {airportLine(row.airport)}
        </Text>
        <Text fontSize="sm">
          Visit: {formatDateTime(row.arrivalDate)} to {formatDateTime(row.departureDate)}
        </Text>
        {aircraftOf(row) ? <Text fontSize="sm">Aircraft: {aircraftOf(row)}</Text> : null}
        {row.requestedServices.length ? (
          <Wrap gap="1.5">
            <VisuallyHidden>Requested services:</VisuallyHidden>
            {row.requestedServices.map((service) => (
              <Badge key={service} variant="outline" size="md">
                {service}
              </Badge>
            ))}
          </Wrap>
        ) : null}
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="2"
          mt="1"
        >
          <Text fontSize="sm" color="fg.muted">
            Received {formatDate(row.createdAt)}
            {row.respondedAt ? ` · answered ${formatDate(row.respondedAt)}` : ''}
            {row.amendedAt ? ` · ${INBOX_TEXTS.amendedOn(formatDate(row.amendedAt))}` : ''}
          </Text>
          <Button asChild size="lg" colorPalette="brand" variant={open ? 'solid' : 'outline'}>
            <RouterLink to={inboxRequestPath(row.invitationId)} aria-label={`${action} for quote ${row.uniqueId}`}>
              {action}
            </RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function FboFilter({
  memberships,
  value,
  onChange,
}: {
  memberships: FboMembershipDto[];
  value: string;
  onChange: (fboId: string) => void;
}) {
  return (
    <Field.Root maxW="sm">
      <Field.Label>{INBOX_TEXTS.filterLabel}</Field.Label>
      <NativeSelect.Root size="md">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{INBOX_TEXTS.allFbos}</option>
          {memberships.map((m) => (
            <option key={m.fboId} value={m.fboId}>
              {m.fboName} ({m.airport.identifier})
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * "Load more requests" under the list: the next (older) page is added below what is listed; a failed load says so
 * and is tried again from the same place. Keyboard focus moves to the first request added.
 */
function LoadMore({
  count,
  paged,
  hasMore,
  loading,
  failed,
  onLoad,
}: {
  count: number;
  /** More than the first page is listed. */
  paged: boolean;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}) {
  if (failed)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{INBOX_TEXTS.loadMoreFailed}</Alert.Title>
        </Alert.Content>
        <Button type="button" size="lg" variant="outline" loading={loading} onClick={onLoad}>
          {INBOX_TEXTS.tryAgain}
        </Button>
      </Alert.Root>
    );
  if (!hasMore)
    return paged ? (
      <Text fontSize="sm" color="fg.muted" textAlign="center">
        {INBOX_TEXTS.allShown(count)}
      </Text>
    ) : null;
  return (
    <Button
      type="button"
      size="lg"
      variant="outline"
      colorPalette="brand"
      alignSelf="center"
      loading={loading}
      loadingText={INBOX_TEXTS.loadingMore}
      onClick={onLoad}
    >
      {INBOX_TEXTS.loadMore}
    </Button>
  );
}

function Inbox({ memberships }: { memberships: FboMembershipDto[] }) {
  const [fboId, setFboId] = useState('');
  const inbox = useFboPortalInboxInfiniteQuery(fboId || undefined, { refetchOnMountOrArgChange: true });
  const list = useRef<HTMLDivElement>(null);
  // The number of rows listed when "Load more" was pressed: focus goes to the row after them once they arrive.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const rows = inbox.currentData ? rowsOf(inbox.currentData.pages) : [];
  const shown = fboId ? memberships.filter((m) => m.fboId === fboId) : memberships;

  useEffect(() => {
    if (focusFrom === null || inbox.isFetchingNextPage) return;
    if (rows.length > focusFrom) list.current?.querySelectorAll(':scope > li')[focusFrom]?.querySelector('a')?.focus();
    if (rows.length > focusFrom || !inbox.isFetchNextPageError) setFocusFrom(null);
  }, [focusFrom, rows.length, inbox.isFetchingNextPage, inbox.isFetchNextPageError]);

  const loadMore = () => {
    setFocusFrom(rows.length);
    void inbox.fetchNextPage();
  };
  const changeFbo = (next: string) => {
    setFocusFrom(null);
    setFboId(next);
  };
  const filter =
    memberships.length > 1 ? <FboFilter memberships={memberships} value={fboId} onChange={changeFbo} /> : null;
  // A first load (or another FBO chosen): nothing of this list is known yet.
  if (!inbox.currentData && (inbox.isLoading || inbox.isFetching))
    return (
      <Stack gap="5">
        {filter}
        <LoadingScreen label="Loading your requests..." />
      </Stack>
    );
  if (!inbox.currentData) {
    return (
      <MessageScreen
        tone="warning"
        title={INBOX_TEXTS.loadFailedTitle}
        text="Please check your connection and try again."
      >
        <Button type="button" size="lg" variant="outline" alignSelf="flex-start" onClick={() => void inbox.refetch()}>
          Try again
        </Button>
      </MessageScreen>
    );
  }
  const openCount = rows.filter((r) => r.state === 'open').length;
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {INBOX_TEXTS.title}
        </Heading>
        <Text color="fg.muted" overflowWrap="anywhere">
          Quote requests sent to {shown.map((m) => m.fboName).join(', ')}, newest first.
          {rows.length ? ` ${openCount} open.` : ''}
        </Text>
      </Box>
      {filter}
      {rows.length === 0 ? (
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body gap="2" p={{ base: '5', md: '8' }} textAlign="center">
            <Heading as="h2" size="lg">
              {INBOX_TEXTS.emptyTitle}
            </Heading>
            <Text color="fg.muted">{INBOX_TEXTS.emptyText}</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack as="ul" ref={list} gap="3" listStyleType="none" m="0" p="0" aria-label="Quote requests">
          {rows.map((row) => (
            <InboxRow key={row.invitationId} row={row} />
          ))}
        </Stack>
      )}
      <LoadMore
        count={rows.length}
        paged={inbox.currentData.pages.length > 1}
        hasMore={inbox.hasNextPage}
        loading={inbox.isFetchingNextPage}
        failed={inbox.isFetchNextPageError && !inbox.isFetchingNextPage}
        onLoad={loadMore}
      />
    </Stack>
  );
}

/** The FBO inbox: the requests of the member's FBOs with their state and FBO, each opening its estimate page. */
export function InboxPage() {
  usePageMeta({ title: 'FBO Inbox', description: 'Quote requests sent to your FBO through RampQuote.' });
  return (
    <FboAccountGate>
      {(_user, memberships) => (
        <PortalPage>
          <Inbox memberships={memberships} />
        </PortalPage>
      )}
    </FboAccountGate>
  );
}
