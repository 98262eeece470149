import { QuoteRequestMessages, type QuoteRequestListItemDto } from '@rampquote/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  errorMessage,
  Heading,
  Input,
  RouterLink,
  Spinner,
  Stack,
  Text,
  toast,
  usePageMeta,
} from '@rampquote/web-kit';
import { useCallback, useMemo, useState } from 'react';
import { downloadQuotePdf, PDF_DOWNLOAD_FAILED } from '../../shared/download-quote-pdf';
import { QUOTE_POLL_INTERVAL_MS } from '../../shared/quote-stream';
import { useTrackingDeleteMutation, useTrackingListQuery } from '../../shared/quote-tracking-api';
import { useShownAfterFirstPaint } from '../../shared/deferred/AfterFirstPaint';
import { RequireSignIn } from '../../shared/RequireSignIn';
import { serverMessageOr } from '../../shared/server-message';
import { DeleteQuoteDialog } from './components/DeleteQuoteDialog';
import { QuoteRequestsTable } from './components/QuoteRequestsTable';
import { useLiveQuoteRows } from './hooks/useLiveQuoteRows';
import { filterQuoteRows } from './quote-row-status';

/** /history — My Quotes (spec section 2). Signed-in users only. */
export function HistoryPage() {
  usePageMeta({ title: 'My Quotes', description: 'View and manage your FBO quote requests.', path: '/history' });
  return (
    <RequireSignIn>
      <MyQuotes />
    </RequireSignIn>
  );
}

function MyQuotes() {
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<QuoteRequestListItemDto | null>(null);
  const [polling, setPolling] = useState(false);
  // The list is live data: read again on every visit; polled only while a stream cannot be opened.
  const list = useTrackingListQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: polling ? QUOTE_POLL_INTERVAL_MS : 0,
  });
  const [remove, { isLoading: removing }] = useTrackingDeleteMutation();
  const rows = useMemo(() => list.data ?? [], [list.data]);
  // The list renders once it has arrived, in a transition: in short slices, not one long task.
  const listShown = useShownAfterFirstPaint(list.data !== undefined || list.isError);
  const visible = useMemo(() => filterQuoteRows(rows, search), [rows, search]);
  const { refetch } = list;
  const refetchList = useCallback(() => void refetch(), [refetch]);
  const live = useLiveQuoteRows(visible, refetchList);
  if (live.polling !== polling) setPolling(live.polling);

  // Stable: the rows render again only when their request changes, not when the list is being read again.
  const onPrint = useCallback((quote: QuoteRequestListItemDto) => {
    downloadQuotePdf(quote.id, quote.uniqueId).catch((error: unknown) => {
      toast({ title: 'Error', description: serverMessageOr(error, PDF_DOWNLOAD_FAILED), type: 'error' });
    });
  }, []);

  const onConfirmDelete = async (quote: QuoteRequestListItemDto) => {
    try {
      await remove(quote.id).unwrap();
      setDeleting(null);
      toast({
        title: QuoteRequestMessages.deletedTitle,
        description: QuoteRequestMessages.deletedDescription,
        type: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, QuoteRequestMessages.deleteFailed), type: 'error' });
    }
  };

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
        mb="6"
      >
        <Box>
          <Heading as="h1" size="2xl">
            My Quotes
          </Heading>
          <Text color="fg.muted" mt="1">
            View and manage your FBO quote requests
          </Text>
        </Box>
        <Button asChild colorPalette="brand">
          <RouterLink to="/rfi-form">New Quote</RouterLink>
        </Button>
      </Stack>

      <Input
        type="search"
        placeholder="Search requests..."
        aria-label="Search requests"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        maxW={{ base: 'full', md: 'sm' }}
        mb="6"
      />

      {list.isLoading || !listShown ? (
        <Spinner size="lg" aria-label="Loading quote requests" />
      ) : list.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{QuoteRequestMessages.fetchListFailed}</Alert.Title>
            <Alert.Description>{errorMessage(list.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={refetchList}>
            Try Again
          </Button>
        </Alert.Root>
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <Card.Root variant="outline" bg="bg.panel" borderColor="border">
          <Card.Header>
            <Card.Title as="h2">Your Quotes</Card.Title>
            <Card.Description color="fg.muted" aria-live="polite">
              {visible.length} quote(s) found
            </Card.Description>
          </Card.Header>
          <Card.Body>
            {visible.length > 0 ? (
              <QuoteRequestsTable rows={visible} onPrint={onPrint} onDelete={setDeleting} />
            ) : (
              <Text color="fg.muted">No quote requests match your search.</Text>
            )}
          </Card.Body>
        </Card.Root>
      )}

      {live.streams}
      <DeleteQuoteDialog
        quote={deleting}
        deleting={removing}
        onConfirm={(quote) => void onConfirmDelete(quote)}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}

function EmptyState() {
  return (
    <Box
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg.panel"
      p={{ base: '6', md: '10' }}
      textAlign="center"
    >
      <Heading as="h2" size="lg" mb="2">
        No Quotes Yet
      </Heading>
      <Text color="fg.muted" maxW="xl" mx="auto" mb="5">
        You haven&apos;t submitted any FBO quotes yet. Create your first quote to start getting responses from FBOs at
        your destination airport.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/rfi-form">Create New Quote</RouterLink>
      </Button>
    </Box>
  );
}
