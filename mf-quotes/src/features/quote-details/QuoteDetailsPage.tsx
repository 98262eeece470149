import {
  QuoteRequestMessages,
  responsePercentage,
  type ComparisonOffer,
  type QuoteComparison,
  type QuoteRequestDetailsDto,
  type QuoteRequestVersionDto,
  type QuoteResponseDetailsDto,
} from '@rampquote/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  errorMessage,
  Heading,
  isApiError,
  Progress,
  RouterLink,
  Spinner,
  Stack,
  Text,
  toast,
  useNavigate,
  usePageMeta,
  Wrap,
  useAppDispatch,
} from '@rampquote/web-kit';
import { useCallback, useState } from 'react';
import { downloadQuotePdf, PDF_DOWNLOAD_FAILED } from '../../shared/download-quote-pdf';
import { plural } from '../../shared/quote-format';
import { QUOTE_POLL_INTERVAL_MS } from '../../shared/quote-stream';
import {
  refreshQuoteRequest,
  useTrackingBookMutation,
  useTrackingCancelMutation,
  useTrackingComparisonQuery,
  useTrackingRequestQuery,
  useTrackingResponsesQuery,
} from '../../shared/quote-tracking-api';
import { RequireSignIn } from '../../shared/RequireSignIn';
import { AfterFirstPaint, useShownAfterFirstPaint } from '../../shared/deferred/AfterFirstPaint';
import { serverMessageOr } from '../../shared/server-message';
import { useQuoteLiveUpdates } from '../../shared/useQuoteLiveUpdates';
import { bookingAmendedText } from '../../shared/amendment-text';
import { BookDialog } from './components/BookDialog';
import { CancelRequestDialog } from './components/CancelRequestDialog';
import { NotificationPreferences } from './components/NotificationPreferences';
import { PriceComparison } from './components/PriceComparison';
import { RequestHistory } from './components/RequestHistory';
import { RequestSummary } from './components/RequestSummary';
import { amendmentDraft, saveQuoteDraft, setQuoteEditingFlag } from '../../shared/quote-draft-storage';
import { WaitingForQuotes } from './components/WaitingForQuotes';
import { CANCEL_FAILED, isOpenStatus } from './quote-details-text';

/** /quote-details/:id — a request, its answers and the price comparison (spec section 2). Signed-in users only. */
export function QuoteDetailsPage({ id }: { id: string }) {
  return (
    <RequireSignIn>
      <QuoteDetails id={id} />
    </RequireSignIn>
  );
}

const NO_VERSIONS: QuoteRequestVersionDto[] = [];

/** A missing request, another user's, or an id that is not one. */
const isNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400);

function QuoteDetails({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(false);
  const options = { refetchOnMountOrArgChange: true, pollingInterval: polling ? QUOTE_POLL_INTERVAL_MS : 0 };
  const request = useTrackingRequestQuery(id, options);
  const responses = useTrackingResponsesQuery(id, { ...options, skip: !request.data });
  const comparison = useTrackingComparisonQuery(id, {
    refetchOnMountOrArgChange: true,
    pollingInterval: options.pollingInterval,
    skip: !responses.data?.length,
  });
  const open = request.data ? isOpenStatus(request.data.status) : false;

  // Live updates while answers can still come: the event stream, or the spec's 3 s polling when it cannot be opened.
  const refresh = useCallback(() => refreshQuoteRequest(dispatch, id), [dispatch, id]);
  const mode = useQuoteLiveUpdates(id, open, refresh);
  const shouldPoll = open && mode === 'polling';
  if (shouldPoll !== polling) setPolling(shouldPoll);

  usePageMeta({
    title: request.data ? `Quote ${request.data.uniqueId}` : 'Quote Details',
    description: 'Your quote request, the FBOs’ answers and the price comparison.',
    path: `/quote-details/${id}`,
  });

  // The page renders once the request has arrived, in a transition: in short slices, not one long task.
  const viewShown = useShownAfterFirstPaint(Boolean(request.data));
  if (request.isLoading || (request.data && !viewShown))
    return <Spinner m="10" size="lg" aria-label="Loading quote request" />;
  if (request.isError && isNotFound(request.error)) return <NotFound />;
  if (request.isError || !request.data) {
    return (
      <Container maxW="5xl" py="10">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The quote request could not be loaded</Alert.Title>
            <Alert.Description>{errorMessage(request.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void request.refetch()}>
            Try Again
          </Button>
        </Alert.Root>
      </Container>
    );
  }
  return (
    <QuoteDetailsView
      request={request.data}
      responses={responses.data}
      comparison={comparison.data}
      responsesError={
        responses.isError ? errorMessage(responses.error) : comparison.isError ? errorMessage(comparison.error) : null
      }
    />
  );
}

function NotFound() {
  return (
    <Container maxW="3xl" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        {QuoteRequestMessages.notFoundTitle}
      </Heading>
      <Text color="fg.muted" mb="6">
        This quote request does not exist, or it belongs to another account.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/history">Back to My Quotes</RouterLink>
      </Button>
    </Container>
  );
}

interface ViewProps {
  request: QuoteRequestDetailsDto;
  responses: QuoteResponseDetailsDto[] | undefined;
  comparison: QuoteComparison | undefined;
  responsesError: string | null;
}

function QuoteDetailsView({ request, responses, comparison, responsesError }: ViewProps) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [cancel, { isLoading: cancelling }] = useTrackingCancelMutation();
  const [book, { isLoading: booking }] = useTrackingBookMutation();
  const [choosing, setChoosing] = useState<ComparisonOffer | null>(null);
  const canBook = ['pending', 'responses_received', 'completed'].includes(request.status);
  // Neither cancelled nor booked (a booking still waiting for the FBO may change): dates, fuel, services, notes.
  const amendable = canBook || request.status === 'booked-pending';
  // The booking waiting for its FBO is read from the comparison: amending waits for it, so that the form can say that
  // FBO must still confirm (unless the comparison failed to load).
  const bookingUnknown = request.status === 'booked-pending' && !comparison && !responsesError;
  const bookingNote = comparison ? bookingAmendedNote(request, comparison) : null;
  const navigate = useNavigate();

  const onBook = async () => {
    if (!choosing) return;
    try {
      await book({ id: request.id, fboId: choosing.fbo.id }).unwrap();
      toast({
        title: 'Booking requested',
        description: `We asked ${choosing.fbo.name} to confirm your booking.`,
        type: 'success',
      });
      setChoosing(null);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'The booking could not be made.'), type: 'error' });
    }
  };
  const open = isOpenStatus(request.status);
  // A booking (asked or confirmed) can still be cancelled with the request: the FBO is told.
  const cancellable = open || request.status === 'booked-pending' || request.status === 'booked';
  const answers = responses ?? [];
  const quoted = answers.filter((r) => r.status === 'submitted').length;
  const declined = answers.length - quoted;

  const onPrint = async () => {
    setPrinting(true);
    try {
      await downloadQuotePdf(request.id, request.uniqueId);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, PDF_DOWNLOAD_FAILED), type: 'error' });
    } finally {
      setPrinting(false);
    }
  };

  const onCancel = async () => {
    try {
      const result = await cancel(request.id).unwrap();
      setConfirmingCancel(false);
      const told = result.withdrawnFboIds.length;
      toast({
        title: 'Request cancelled',
        description: told
          ? `${plural(told, 'FBO')} that had not answered ${told === 1 ? 'has' : 'have'} been told.`
          : 'Every FBO had already answered.',
        type: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, CANCEL_FAILED), type: 'error' });
    }
  };

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Button asChild variant="ghost" size="sm" mb="4" ms="-2">
        <RouterLink to="/history">← My Quotes</RouterLink>
      </Button>

      <Stack
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-start' }}
        gap="4"
        mb="6"
      >
        <Box>
          <Heading as="h1" size="2xl">
            Quote {request.uniqueId}
          </Heading>
          <Wrap gap="2" mt="2" aria-live="polite">
            {quoted > 0 ? (
              <Badge colorPalette="green" variant="subtle" size="md">
                {quoted} quote(s) received
              </Badge>
            ) : null}
            {declined > 0 ? (
              <Badge colorPalette="gray" variant="subtle" size="md">
                {declined} declined
              </Badge>
            ) : null}
            {request.status === 'completed' ? (
              <Badge colorPalette="blue" variant="subtle" size="md">
                Completed
              </Badge>
            ) : null}
            {request.status === 'cancelled' ? (
              <Badge colorPalette="red" variant="subtle" size="md">
                Cancelled
              </Badge>
            ) : null}
          </Wrap>
        </Box>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <Button variant="outline" loading={printing} loadingText="Preparing PDF..." onClick={() => void onPrint()}>
            Print PDF
          </Button>
          {amendable ? (
            <Button
              variant="outline"
              loading={bookingUnknown}
              loadingText="Amend request"
              onClick={() => {
                // The request form opens prefilled; its review page sends the amendment.
                const booking = comparison?.booking;
                saveQuoteDraft(amendmentDraft(request, booking?.state === 'requested' ? booking.fboName : undefined));
                setQuoteEditingFlag();
                navigate('/rfi-form');
              }}
            >
              Amend request
            </Button>
          ) : null}
          {cancellable ? (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmingCancel(true)}>
              Cancel request
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <Box
        as="section"
        aria-labelledby="summary-title"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l3"
        bg="bg.panel"
        p={{ base: '4', md: '6' }}
        mb="8"
      >
        <Heading as="h2" size="lg" mb="4" id="summary-title">
          Request summary
        </Heading>
        <RequestSummary request={request} />
      </Box>

      {/* The heading, actions and summary fill a phone's screen: what is under them renders just after. */}
      <AfterFirstPaint>
        <RequestHistory versions={request.versions ?? NO_VERSIONS} />

        <Box as="section" aria-labelledby="responses-title">
          <Heading as="h2" size="lg" mb="2" id="responses-title">
            Responses
          </Heading>
          <ResponseProgress request={request} />
          {responsesError ? (
            <Alert.Root status="error" role="alert" my="4">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The responses could not be loaded</Alert.Title>
                <Alert.Description>{responsesError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : responses === undefined || (responses.length > 0 && comparison === undefined) ? (
            <Spinner aria-label="Loading responses" my="4" />
          ) : answers.length === 0 ? (
            open ? (
              <WaitingForQuotes request={request} />
            ) : (
              <Text color="fg.muted" my="4">
                {request.status === 'cancelled'
                  ? 'This request was cancelled before any FBO answered.'
                  : 'No FBO answered this request.'}
              </Text>
            )
          ) : (
            <Stack gap="6" mt="4">
              {open ? (
                <Box borderWidth="1px" borderColor="border" borderRadius="l2" p="4" bg="bg.panel">
                  <NotificationPreferences request={request} />
                </Box>
              ) : null}
              {comparison ? (
                <PriceComparison
                  comparison={comparison}
                  responses={answers}
                  uniqueId={request.uniqueId}
                  bookingNote={bookingNote}
                  onBook={canBook ? setChoosing : undefined}
                />
              ) : null}
            </Stack>
          )}
        </Box>

        <BookDialog
          offer={choosing}
          booking={booking}
          onConfirm={() => void onBook()}
          onClose={() => setChoosing(null)}
        />
        {cancellable ? (
          <CancelRequestDialog
            request={request}
            open={confirmingCancel}
            cancelling={cancelling}
            onConfirm={() => void onCancel()}
            onClose={() => setConfirmingCancel(false)}
          />
        ) : null}
      </AfterFirstPaint>
    </Container>
  );
}

/** Said while a booking waits for the FBO and the request was amended after the pilot booked. */
function bookingAmendedNote(request: QuoteRequestDetailsDto, comparison: QuoteComparison): string | null {
  const { booking } = comparison;
  if (request.status !== 'booked-pending' || booking?.state !== 'requested' || !booking.requestedAt) return null;
  const bookedAt = new Date(booking.requestedAt).getTime();
  const since = (request.versions ?? []).filter((v) => new Date(v.changedAt).getTime() > bookedAt);
  if (!since.length) return null;
  const datesChanged = since.some((v) => v.changes.some((c) => c.field === 'arrival' || c.field === 'departure'));
  return bookingAmendedText(booking.fboName, datesChanged);
}

/** "2 of 3 FBOs responded" with a bar, and who is still awaited. */
function ResponseProgress({ request }: { request: QuoteRequestDetailsDto }) {
  const percent = responsePercentage(request);
  const waiting = request.fbos.filter((f) => f.status === 'open');
  return (
    <Stack gap="1.5" mb="4">
      <Text aria-live="polite" data-testid="response-count">
        {request.responseCount} of {plural(request.totalFbosCount, 'FBO')} responded
      </Text>
      <Progress.Root
        value={percent}
        min={0}
        max={100}
        size="sm"
        colorPalette={percent === 100 ? 'green' : 'brand'}
        maxW="md"
      >
        <Progress.Track aria-label={`FBOs that responded: ${percent}%`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {isOpenStatus(request.status) && waiting.length ? (
        <Text fontSize="sm" color="fg.muted">
          Waiting for: {waiting.map((f) => f.name).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}
