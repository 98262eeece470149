import {
  LEGACY_SERVICES,
  legacyQuoteRequestSchema,
  QuoteRequestMessages,
  type AirportSearchResult,
  type CreateQuoteRequestResponse,
  type LegacyService,
} from '@rampquote/contracts';
import {
  Box,
  Button,
  Card,
  Center,
  chakra,
  Checkbox,
  Heading,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  toast,
  usePageMeta,
  useSession,
} from '@rampquote/web-kit';
import { useRef, useState, type ReactNode } from 'react';
import { AirportPicker } from '../../shared/airport-picker/AirportPicker';
import { airportLongLabel } from '../../shared/airport-label';
import { DateTimePicker } from '../../shared/date-time-picker/DateTimePicker';
import { formatDateTime } from '../../shared/date-time-picker/date-time';
import { LoginPrompt } from '../../shared/login-prompt/LoginPrompt';
import { useQuoteRequestCreateMutation } from '../../shared/quote-request-api';
import { TripDuration } from '../../shared/trip-duration/TripDuration';
import { daysText, tripDurationDays } from '../../shared/trip-duration/trip-duration';
import { QuoteResults } from './components/QuoteResults';
import { PageColumn } from '../../shared/PageColumn';

const Fieldset = chakra('fieldset');
const Legend = chakra('legend');

export const LEGACY_STEPS = ['Destination', 'Services & dates', 'Review', 'Quotes'] as const;

export const LEGACY_SERVICE_LABELS: Record<LegacyService, string> = {
  fuel: 'Fuel',
  hangar: 'Hangar',
  cleaning: 'Cleaning',
  lavatory: 'Lavatory service',
  catering: 'Catering',
  gpu: 'GPU (ground power unit)',
  coffee: 'Coffee',
  ice: 'Ice',
  potableWater: 'Potable water',
  newspapers: 'Newspapers',
  deicing: 'De-icing',
  airCart: 'Air cart',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The step rules, with the legacy messages of spec section 5 (from the contracts schema). */
export function destinationProblem(destination: AirportSearchResult | null): string | null {
  return firstMessage(legacyQuoteRequestSchema.shape.destination.safeParse(destination?.identifier ?? ''));
}
export function servicesProblem(services: LegacyService[]): string | null {
  return firstMessage(legacyQuoteRequestSchema.shape.services.safeParse(services));
}
export function datesProblem(arrival: string, departure: string): string | null {
  return firstMessage(legacyQuoteRequestSchema.shape.duration.safeParse({ arrival, departure }));
}

function StepMessage({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.warning" fontSize="sm" role="status">
      {children}
    </Text>
  );
}

/** /request-quote: the legacy 4-step wizard (spec sections 2 and 5); a visitor sees the login prompt. */
export function LegacyWizardPage() {
  usePageMeta({
    title: 'Request a Quote',
    description: 'Request quotes from FBOs at your destination airport.',
    path: '/request-quote',
  });
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <Center py="16">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  if (status === 'anonymous') return <LoginPrompt title="Request a Quote" />;
  return <LegacyWizard />;
}

function LegacyWizard() {
  const [step, setStep] = useState(1);
  const [destination, setDestination] = useState<AirportSearchResult | null>(null);
  const [services, setServices] = useState<LegacyService[]>([]);
  const [arrival, setArrival] = useState('');
  const [departure, setDeparture] = useState('');
  const [created, setCreated] = useState<CreateQuoteRequestResponse | null>(null);
  const [create, { isLoading }] = useQuoteRequestCreateMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: number) => {
    setStep(next);
    // The new step is announced: focus moves to its heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const destinationError = destinationProblem(destination);
  const servicesError = servicesProblem(services);
  const datesError = datesProblem(arrival, departure);
  const days = tripDurationDays(arrival, departure);

  const submit = async () => {
    try {
      const answer = await create({
        destination: destination?.identifier ?? '',
        services,
        duration: { arrival, departure },
      }).unwrap();
      setCreated(answer);
      go(4);
    } catch {
      toast({
        title: QuoteRequestMessages.legacySubmitErrorTitle,
        description: QuoteRequestMessages.legacySubmitErrorDescription,
        type: 'error',
      });
    }
  };

  return (
    <PageColumn maxW="3xl">
      <Heading as="h1" size="2xl" mb="2">
        Request a Quote
      </Heading>
      <Box as="ol" display="flex" flexWrap="wrap" gap="2" listStyleType="none" p="0" mb="6" aria-label="Steps">
        {LEGACY_STEPS.map((name, index) => (
          <Box
            as="li"
            key={name}
            px="3"
            py="1"
            borderRadius="full"
            fontSize="sm"
            borderWidth="1px"
            borderColor={index + 1 === step ? 'brand.solid' : 'border.muted'}
            color={index + 1 === step ? 'brand.fg' : 'fg.muted'}
            aria-current={index + 1 === step ? 'step' : undefined}
          >
            {index + 1}. {name}
          </Box>
        ))}
      </Box>

      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
              Step {step} of 4: {LEGACY_STEPS[step - 1]}
            </Heading>

            {step === 1 ? (
              <>
                <AirportPicker label="Destination airport" required value={destination} onChange={setDestination} />
                {destinationError ? <StepMessage>{destinationError}</StepMessage> : null}
                <Stack direction="row" justify="flex-end">
                  <Button colorPalette="brand" disabled={Boolean(destinationError)} onClick={() => go(2)}>
                    Next
                  </Button>
                </Stack>
              </>
            ) : null}

            {step === 2 ? (
              <>
                <Fieldset border="0" p="0" m="0" minW="0">
                  <Legend fontWeight="medium" mb="2">
                    Services
                  </Legend>
                  <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
                    {LEGACY_SERVICES.map((service) => (
                      <Checkbox.Root
                        key={service}
                        checked={services.includes(service)}
                        onCheckedChange={({ checked }) =>
                          setServices((list) =>
                            checked === true
                              ? [...list.filter((s) => s !== service), service]
                              : list.filter((s) => s !== service),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{LEGACY_SERVICE_LABELS[service]}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </SimpleGrid>
                </Fieldset>
                {servicesError ? <StepMessage>{servicesError}</StepMessage> : null}
                <Text fontWeight="medium">Visit duration</Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                  <DateTimePicker label="Arrival" required value={arrival} onChange={setArrival} />
                  <DateTimePicker label="Departure" required value={departure} onChange={setDeparture} />
                </SimpleGrid>
                {days !== null ? <Text color="fg.muted">Trip duration: {daysText(days)}</Text> : null}
                {datesError ? <StepMessage>{datesError}</StepMessage> : null}
                <Stack direction="row" justify="space-between">
                  <Button variant="outline" onClick={() => go(1)}>
                    Back
                  </Button>
                  <Button colorPalette="brand" disabled={Boolean(servicesError || datesError)} onClick={() => go(3)}>
                    Next
                  </Button>
                </Stack>
              </>
            ) : null}

            {step === 3 ? (
              <>
                <Stack as="dl" gap="3">
                  <Box>
                    <Text as="dt" fontSize="sm" color="fg.muted">
                      Destination airport
                    </Text>
                    <Box as="dd" ms="0">
                      {destination ? airportLongLabel(destination) : ''}
                    </Box>
                  </Box>
                  <Box>
                    <Text as="dt" fontSize="sm" color="fg.muted">
                      Services
                    </Text>
                    <Box as="dd" ms="0">
                      {services.map((s) => LEGACY_SERVICE_LABELS[s]).join(', ')}
                    </Box>
                  </Box>
                  <Box>
                    <Text as="dt" fontSize="sm" color="fg.muted">
                      Arrival
                    </Text>
                    <Box as="dd" ms="0">
                      {formatDateTime(arrival)}
                    </Box>
                  </Box>
                  <Box>
                    <Text as="dt" fontSize="sm" color="fg.muted">
                      Departure
                    </Text>
                    <Box as="dd" ms="0">
                      {formatDateTime(departure)}
                    </Box>
                  </Box>
                </Stack>
                <TripDuration arrival={arrival} departure={departure} />
                <Text fontSize="sm" color="fg.muted">
                  The request goes to every FBO at the destination, for your default aircraft.
                </Text>
                <Stack direction="row" justify="space-between">
                  <Button variant="outline" onClick={() => go(2)} disabled={isLoading}>
                    Back
                  </Button>
                  <Button
                    colorPalette="brand"
                    onClick={() => void submit()}
                    loading={isLoading}
                    loadingText="Submitting..."
                  >
                    Request Quotes
                  </Button>
                </Stack>
              </>
            ) : null}

            {step === 4 && created ? <QuoteResults requestId={created.id} uniqueId={created.uniqueId} /> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
    </PageColumn>
  );
}
