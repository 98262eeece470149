import {
  FUEL_TYPE_FLAG_KEYS,
  FUEL_TYPE_FLAGS,
  QuoteRequestMessages,
  requestedServiceLabels,
  type QuoteServices,
} from '@rampquote/contracts';
import {
  Box,
  Button,
  Card,
  Center,
  errorMessage,
  Heading,
  HStack,
  IconButton,
  isApiError,
  Navigate,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  toast,
  useNavigate,
  usePageMeta,
  useSession,
} from '@rampquote/web-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { airportLongLabel } from '../../shared/airport-label';
import { AmendmentToasts, bookingToConfirmAgainText, KEPT_AS_SENT } from '../../shared/amendment-text';
import { formatDateTime } from '../../shared/date-time-picker/date-time';
import { readQuoteDraft } from '../../shared/quote-draft-reading';
import { clearQuoteDraft, setQuoteEditingFlag, type QuoteDraft } from '../../shared/quote-draft-storage';
import { useQuoteRequestCreateMutation } from '../../shared/quote-request-api';
import { useTrackingAmendMutation } from '../../shared/quote-tracking-api';
import { unitWords } from '../../shared/services-fields/services-form-values';
import { TripDuration } from '../../shared/trip-duration/TripDuration';
import { PageColumn } from '../../shared/PageColumn';

export const FORM_PATH = '/rfi-form';

export const ReviewToasts = {
  noData: { title: 'No data', description: 'No quote request data found to review.' },
  unreadable: { title: 'Error', description: 'Could not load quote request data. Please try again.' },
  submitFailedTitle: 'Error',
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" ms="0" wordBreak="break-word">
        {children}
      </Box>
    </Box>
  );
}

function fuelLine(services: QuoteServices, volume: string): string | null {
  const grade = FUEL_TYPE_FLAG_KEYS.filter((k) => services[k]).map((k) => FUEL_TYPE_FLAGS[k])[0];
  const amount = services.fuelEstimatedAmount
    ? `${services.fuelEstimatedAmount.toLocaleString('en-US')} ${volume}`
    : null;
  const parts = [grade, amount].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** /quote-review (spec sections 2, 4 and 8): the stored request, 'Edit Request' and 'Submit Request'. */
export function QuoteReviewPage() {
  usePageMeta({
    title: 'Review Your Quote Request',
    description: 'Check your quote request before it goes to the FBOs.',
    path: '/quote-review',
  });
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <Center py="16">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  if (status === 'anonymous')
    return <Navigate to={`/login?returnPath=${encodeURIComponent('/quote-review')}`} replace />;
  return <SignedInReview />;
}

function SignedInReview() {
  const navigate = useNavigate();
  const [reading] = useState(readQuoteDraft);
  const [create, { isLoading: creating }] = useQuoteRequestCreateMutation();
  const [amend, { isLoading: amending }] = useTrackingAmendMutation();
  const isLoading = creating || amending;
  const told = useRef(false);

  // Nothing stored, or nothing usable: say so and go back to the form.
  useEffect(() => {
    if (reading.kind === 'ok' || told.current) return;
    told.current = true;
    if (reading.kind === 'none') toast({ ...ReviewToasts.noData, type: 'warning' });
    else toast({ ...ReviewToasts.unreadable, type: 'error' });
    navigate(FORM_PATH, { replace: true });
  }, [reading, navigate]);

  if (reading.kind !== 'ok') return null;
  const draft: QuoteDraft = reading.draft;
  const { request } = draft;
  const words = unitWords(draft.units);
  const services = requestedServiceLabels(request.services, draft.units).filter((label) => !label.startsWith('Fuel'));
  const fuel = fuelLine(request.services, words.volume);
  const fboNames = request.selectedFbos.map((id) => draft.fbos.find((f) => f.id === id)?.name ?? id);

  const edit = () => {
    setQuoteEditingFlag();
    navigate(FORM_PATH);
  };

  const submit = async () => {
    try {
      if (draft.amendingId) {
        const id = draft.amendingId;
        const { arrival, departure, services, notes } = request;
        // Notes the pilot left as shown are not sent: the request keeps them as stored.
        const notesKept = draft.notesAsSent !== undefined && (notes ?? '') === draft.notesAsSent;
        const changes = { arrival, departure, services, ...(notesKept ? {} : { notes }) };
        const amended = await amend({ id, changes }).unwrap();
        clearQuoteDraft();
        toast({
          title: amended.amended ? AmendmentToasts.amendedTitle : AmendmentToasts.unchangedTitle,
          description: !amended.amended
            ? undefined
            : amended.status === 'booked-pending'
              ? AmendmentToasts.bookingToConfirm
              : AmendmentToasts.fbosTold,
          type: 'success',
        });
        navigate(`/quote-details/${encodeURIComponent(id)}`);
        return;
      }
      const created = await create(request).unwrap();
      clearQuoteDraft();
      toast({
        title: 'Quote request submitted',
        description: created.uniqueId ? `Your quote ID is ${created.uniqueId}.` : undefined,
        type: 'success',
      });
      navigate(created.uniqueId ? `/quote-details/${encodeURIComponent(created.id)}` : '/history');
    } catch (error) {
      // The server's message when it sent one (`{ error, details }`), otherwise the spec's fallback.
      const serverMessage = isApiError(error) && error.body?.error ? errorMessage(error) : '';
      toast({
        title: ReviewToasts.submitFailedTitle,
        description: serverMessage || QuoteRequestMessages.submitFailed,
        type: 'error',
      });
    }
  };

  return (
    <PageColumn maxW="3xl">
      <HStack gap="3" mb="6" align="center">
        <IconButton aria-label="Back to the form" variant="ghost" onClick={edit}>
          <span aria-hidden="true">←</span>
        </IconButton>
        <Heading as="h1" size="2xl">
          {draft.amendingId
            ? `Review Your Amendment${draft.amendingUniqueId ? ` to ${draft.amendingUniqueId}` : ''}`
            : 'Review Your Quote Request'}
        </Heading>
      </HStack>

      <Stack gap="5">
        <Card.Root as="section" aria-labelledby="review-flight">
          <Card.Header>
            <Heading as="h2" size="lg" id="review-flight">
              Flight Details
            </Heading>
          </Card.Header>
          <Card.Body>
            <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="4">
              <Row label="Aircraft">{draft.aircraft?.label ?? request.aircraftId}</Row>
              <Row label="Departure airport">
                {draft.departureAirport ? airportLongLabel(draft.departureAirport) : request.departureAirportCode}
              </Row>
              <Row label="Destination airport">
                {draft.destinationAirport ? airportLongLabel(draft.destinationAirport) : request.airportCode}
              </Row>
              <Row label="Arrival">{formatDateTime(request.arrival)}</Row>
              <Row label="Departure">{formatDateTime(request.departure)}</Row>
            </SimpleGrid>
            <Box mt="4">
              <TripDuration arrival={request.arrival} departure={request.departure} />
            </Box>
            {draft.amendingId ? (
              <Text mt="4" color="fg.muted" data-testid="kept-as-sent">
                {KEPT_AS_SENT}
              </Text>
            ) : null}
            {draft.amendingId && draft.awaitingBookingFrom ? (
              <Text mt="2" color="fg.warning" fontWeight="medium" data-testid="booking-to-confirm">
                {bookingToConfirmAgainText(draft.awaitingBookingFrom)}
              </Text>
            ) : null}
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby="review-services">
          <Card.Header>
            <Heading as="h2" size="lg" id="review-services">
              Requested Services
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack as="dl" gap="4">
              <Row label="Fuel">{fuel ?? 'No fuel requested'}</Row>
              <Row label="Services">
                {services.length ? (
                  <Box as="ul" ps="5">
                    {services.map((label) => (
                      <li key={label}>{label}</li>
                    ))}
                  </Box>
                ) : (
                  'No services requested'
                )}
              </Row>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby="review-fbos">
          <Card.Header>
            <Heading as="h2" size="lg" id="review-fbos">
              Selected FBOs
            </Heading>
          </Card.Header>
          <Card.Body>
            <Box as="ul" ps="5" aria-labelledby="review-fbos">
              {fboNames.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby="review-notes">
          <Card.Header>
            <Heading as="h2" size="lg" id="review-notes">
              Notes
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text whiteSpace="pre-wrap" wordBreak="break-word" color={request.notes ? undefined : 'fg.muted'}>
              {request.notes || 'No notes'}
            </Text>
          </Card.Body>
        </Card.Root>

        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
          <Button variant="outline" onClick={edit} disabled={isLoading}>
            Edit Request
          </Button>
          <Button colorPalette="brand" onClick={() => void submit()} loading={isLoading} loadingText="Submitting...">
            {draft.amendingId ? 'Submit Amendment' : 'Submit Request'}
          </Button>
        </Stack>
      </Stack>
    </PageColumn>
  );
}
