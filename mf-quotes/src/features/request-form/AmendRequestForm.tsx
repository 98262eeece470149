import { zodResolver } from '@hookform/resolvers/zod';
import { amendQuoteRequestSchema, AmendmentMessages, type AmendQuoteRequest } from '@rampquote/contracts';
import { Box, Button, Heading, RouterLink, SimpleGrid, Stack, Text, useNavigate } from '@rampquote/web-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { airportLongLabel } from '../../shared/airport-label';
import { bookingToConfirmAgainText, KEPT_AS_SENT } from '../../shared/amendment-text';
import { clearQuoteEditingFlag, saveQuoteDraft, type readQuoteDraftForEditing } from '../../shared/quote-draft-storage';
import { AfterFirstPaint } from '../../shared/deferred/AfterFirstPaint';
import { FuelAndServicesSections } from '../../shared/services-fields/FuelAndServicesSections';
import {
  keepServicesTheFormDoesNotShow,
  servicesPayload,
  servicesValuesFrom,
  type ServicesFormValues,
} from '../../shared/services-fields/services-form-values';
import { FormSection } from '../../shared/FormSection';
import { NotesSection } from './components/NotesSection';
import { VisitDatesFields } from './components/VisitDatesFields';
import { PageColumn } from '../../shared/PageColumn';

const REVIEW_PATH = '/quote-review';

type StoredDraft = NonNullable<ReturnType<typeof readQuoteDraftForEditing>>;

/** What an amendment can change, as the inputs hold it. */
interface AmendFormValues {
  arrival: string;
  departure: string;
  services: ServicesFormValues;
  notes: string;
}

/**
 * The request form's rules and messages for the amendable fields; the stay must also end after it starts (the
 * service refuses an amendment otherwise, with this message on the departure).
 */
const amendResolver = zodResolver(
  amendQuoteRequestSchema.superRefine((value, ctx) => {
    if (new Date(value.departure).getTime() <= new Date(value.arrival).getTime())
      ctx.addIssue({ code: 'custom', path: ['departure'], message: AmendmentMessages.departureAfterArrival });
  }),
) as unknown as Resolver<AmendFormValues, unknown, AmendQuoteRequest>;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function initialValues(request: Record<string, unknown>): AmendFormValues {
  return {
    arrival: text(request.arrival),
    departure: text(request.departure),
    services: servicesValuesFrom(request.services as Record<string, unknown> | undefined),
    notes: text(request.notes),
  };
}

function Kept({ label, children }: { label: string; children: ReactNode }) {
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

/** The parts of the sent request an amendment keeps: read, not edited. */
function SentRequestSummary({ stored }: { stored: StoredDraft }) {
  const request = stored.request ?? {};
  const selected = Array.isArray(request.selectedFbos) ? request.selectedFbos.map(text).filter(Boolean) : [];
  const fbos = selected.map((id) => stored.fbos?.find((f) => f.id === id)?.name ?? id);
  return (
    <Stack gap="4">
      <Text data-testid="kept-as-sent">{KEPT_AS_SENT}</Text>
      {stored.awaitingBookingFrom ? (
        <Text data-testid="booking-to-confirm" color="fg.warning" fontWeight="medium">
          {bookingToConfirmAgainText(stored.awaitingBookingFrom)}
        </Text>
      ) : null}
      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="4">
        <Kept label="Aircraft">{stored.aircraft?.label || text(request.aircraftId) || 'Not given'}</Kept>
        <Kept label="Departure airport">
          {stored.departureAirport
            ? airportLongLabel(stored.departureAirport)
            : text(request.departureAirportCode) || 'Not given'}
        </Kept>
        <Kept label="Destination airport">
          {stored.destinationAirport ? airportLongLabel(stored.destinationAirport) : text(request.airportCode)}
        </Kept>
        <Kept label="FBOs asked">
          {fbos.length ? (
            <Box as="ul" ps="5">
              {fbos.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
          ) : (
            'None'
          )}
        </Kept>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The request form for a sent request (opened from its details page): only the dates, fuel, services and notes are
 * inputs, prefilled; the rest is shown as sent. 'Review Amendment' stores the changes for the review page, which
 * sends them; nothing typed is lost if that fails (the stored draft stays until the amendment is accepted).
 */
export function AmendRequestForm({ stored, amendingId }: { stored: StoredDraft; amendingId: string }) {
  const navigate = useNavigate();
  const request = stored.request ?? {};
  const [defaults] = useState(() => initialValues(request));
  const units = stored.units === 'metric' ? 'metric' : 'standard';
  const methods = useForm<AmendFormValues, unknown, AmendQuoteRequest>({
    resolver: amendResolver,
    defaultValues: defaults,
  });
  const { handleSubmit } = methods;

  useEffect(() => clearQuoteEditingFlag(), []);

  const onReview = (parsed: AmendQuoteRequest) => {
    saveQuoteDraft({
      request: {
        aircraftId: text(request.aircraftId),
        departureAirportCode: text(request.departureAirportCode),
        airportCode: text(request.airportCode),
        selectedFbos: Array.isArray(request.selectedFbos) ? request.selectedFbos.map(text).filter(Boolean) : [],
        units,
        arrival: parsed.arrival,
        departure: parsed.departure,
        services: keepServicesTheFormDoesNotShow(
          servicesPayload(parsed.services),
          request.services as Record<string, unknown> | undefined,
        ),
        notes: parsed.notes,
      },
      aircraft: stored.aircraft ?? null,
      departureAirport: stored.departureAirport ?? null,
      destinationAirport: stored.destinationAirport ?? null,
      fbos: stored.fbos ?? [],
      units,
      amendingId,
      ...(stored.amendingUniqueId ? { amendingUniqueId: stored.amendingUniqueId } : {}),
      ...(stored.awaitingBookingFrom ? { awaitingBookingFrom: stored.awaitingBookingFrom } : {}),
      ...(typeof stored.notesAsSent === 'string' ? { notesAsSent: stored.notesAsSent } : {}),
    });
    navigate(REVIEW_PATH);
  };

  const title = stored.amendingUniqueId ? `Amend Request ${stored.amendingUniqueId}` : 'Amend Request';
  return (
    <FormProvider {...methods}>
      <PageColumn maxW="4xl">
        <Stack gap="2" mb="6">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">
            Change the dates, fuel, services or notes. Every FBO you asked is told what changed.
          </Text>
        </Stack>
        <form noValidate onSubmit={handleSubmit(onReview)} aria-label={title}>
          <Stack gap="5">
            <FormSection title="Sent Request">
              <SentRequestSummary stored={stored} />
            </FormSection>

            <FormSection title="Dates">
              <Stack gap="5">
                <VisitDatesFields />
              </Stack>
            </FormSection>

            {/* The sent request and its dates fill a phone's screen: the sections under them render just after. */}
            <AfterFirstPaint>
              <FuelAndServicesSections units={units} />

              <NotesSection />

              <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
                <Button asChild variant="outline">
                  <RouterLink to={`/quote-details/${encodeURIComponent(amendingId)}`}>Back to the request</RouterLink>
                </Button>
                <Button type="submit" colorPalette="brand">
                  Review Amendment
                </Button>
              </Stack>
            </AfterFirstPaint>
          </Stack>
        </form>
      </PageColumn>
    </FormProvider>
  );
}
