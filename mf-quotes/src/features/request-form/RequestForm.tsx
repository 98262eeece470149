import { zodResolver } from '@hookform/resolvers/zod';
import {
  createQuoteRequestSchema,
  type AirportSearchResult,
  type CreateQuoteRequest,
  type FboDto,
  type QuoteUnits,
} from '@rampquote/contracts';
import { Button, Center, Heading, SimpleGrid, Spinner, Stack, Text, useNavigate, useSession } from '@rampquote/web-kit';
import { useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { AirportPicker } from '../../shared/airport-picker/AirportPicker';
import { LoginPrompt } from '../../shared/login-prompt/LoginPrompt';
import {
  clearQuoteEditingFlag,
  isQuoteEditing,
  readQuoteDraftForEditing,
  saveQuoteDraft,
} from '../../shared/quote-draft-storage';
import { useQuoteFormAircraft, useQuoteFormProfile } from '../../shared/quote-request-api';
import { AfterFirstPaint, SpaceForContent, useShownAfterFirstPaint } from '../../shared/deferred/AfterFirstPaint';
import { FuelAndServicesSections } from '../../shared/services-fields/FuelAndServicesSections';
import { AircraftField } from './components/AircraftField';
import { AmendRequestForm } from './AmendRequestForm';
import { FormSection } from '../../shared/FormSection';
import { NotesSection } from './components/NotesSection';
import { VisitDatesFields } from './components/VisitDatesFields';
import { FbosField } from './components/FbosField';
import { RewardsNumbers } from './components/RewardsNumbers';
import {
  aircraftLabel,
  emptyRequestFormValues,
  requestFormValuesFrom,
  requestPayload,
  type RequestFormValues,
} from './request-form-values';
import { PageColumn } from '../../shared/PageColumn';

export const REVIEW_PATH = '/quote-review';

/**
 * The contracts' body schema validates the form (its messages are the spec's). The inputs hold text (selects,
 * number inputs) where the schema's input type says unknown, hence the cast between the two input types.
 */
const requestFormResolver = zodResolver(createQuoteRequestSchema) as unknown as Resolver<
  RequestFormValues,
  unknown,
  CreateQuoteRequest
>;

interface InitialState {
  editing: boolean;
  values: RequestFormValues;
  departureAirport: AirportSearchResult | null;
  destinationAirport: AirportSearchResult | null;
  fbos: FboDto[];
}

type StoredDraft = ReturnType<typeof readQuoteDraftForEditing>;

/** A new request, or (after 'Edit Request' on the review page) the stored one with missing fields filled. */
function initialState(stored: StoredDraft): InitialState {
  if (!stored)
    return {
      editing: false,
      values: emptyRequestFormValues(),
      departureAirport: null,
      destinationAirport: null,
      fbos: [],
    };
  return {
    editing: true,
    values: requestFormValuesFrom(stored.request),
    departureAirport: stored.departureAirport ?? null,
    destinationAirport: stored.destinationAirport ?? null,
    fbos: (stored.fbos ?? []) as FboDto[],
  };
}

/** The Request for Quote form (spec sections 2-5 and 9); a visitor sees the login prompt instead. */
export function RequestForm() {
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <Center py="16">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  if (status === 'anonymous') return <LoginPrompt title="Request for Quote" />;
  return <SignedInForm />;
}

/** The stored request reopened for editing: a sent one being amended gets the amendment form. */
function SignedInForm() {
  const [stored] = useState(() => (isQuoteEditing() ? readQuoteDraftForEditing() : null));
  if (stored && typeof stored.amendingId === 'string')
    return <AmendRequestForm stored={stored} amendingId={stored.amendingId} />;
  return <SignedInRequestForm stored={stored} />;
}

function SignedInRequestForm({ stored }: { stored: StoredDraft }) {
  const navigate = useNavigate();
  const [initial] = useState(() => initialState(stored));
  const aircraftQuery = useQuoteFormAircraft();
  const profileQuery = useQuoteFormProfile();
  const units: QuoteUnits = profileQuery.data?.preferredUnits === 'Metric' ? 'metric' : 'standard';
  // The fields wait for the saved aircraft: its figures, arriving later, would push the fields under them down.
  const fieldsShown = useShownAfterFirstPaint(!aircraftQuery.isLoading);

  const methods = useForm<RequestFormValues, unknown, CreateQuoteRequest>({
    resolver: requestFormResolver,
    defaultValues: initial.values,
  });
  const { control, getValues, setValue, reset, handleSubmit, formState } = methods;
  const [departureAirport, setDepartureAirport] = useState(initial.departureAirport);
  const [destinationAirport, setDestinationAirport] = useState(initial.destinationAirport);
  const fboLists = useRef(
    new Map<string, FboDto[]>(initial.values.airportCode ? [[initial.values.airportCode, initial.fbos]] : []),
  );
  // Editing a stored request keeps its FBO choice (no auto-selection for its destination's first list).
  const skipAutoSelectFor = useRef<string | null>(initial.editing ? initial.values.airportCode : null);

  // The stored request is loaded: the editing flag is done with.
  useEffect(() => {
    if (initial.editing) clearQuoteEditingFlag();
  }, [initial.editing]);

  // Default aircraft preselected, otherwise the first (spec section 4); a stored choice still in the list stays.
  const aircraft = aircraftQuery.data;
  useEffect(() => {
    if (!aircraft?.length) return;
    const current = getValues('aircraftId');
    if (current && aircraft.some((a) => a.id === current)) return;
    setValue('aircraftId', (aircraft.find((a) => a.isDefault) ?? aircraft[0]).id);
  }, [aircraft, getValues, setValue]);

  const airportCode = useWatch({ control, name: 'airportCode' });

  const onFboList = (code: string, fbos: FboDto[]) => {
    fboLists.current.set(code, fbos);
    if (skipAutoSelectFor.current === code) {
      skipAutoSelectFor.current = null;
      return;
    }
    // A new request selects every FBO found, unless one selected is already in the list (spec section 4).
    const selected = getValues('selectedFbos');
    if (selected.some((id) => fbos.some((f) => f.id === id))) return;
    setValue(
      'selectedFbos',
      fbos.map((f) => f.id),
      { shouldValidate: formState.isSubmitted },
    );
  };

  const onReview = (parsed: CreateQuoteRequest) => {
    const chosen = aircraft?.find((a) => a.id === parsed.aircraftId);
    saveQuoteDraft({
      request: requestPayload(parsed, units),
      aircraft: chosen
        ? { id: chosen.id, label: aircraftLabel(chosen) }
        : { id: parsed.aircraftId, label: parsed.aircraftId },
      departureAirport,
      destinationAirport,
      fbos: (fboLists.current.get(parsed.airportCode) ?? []).map(({ id, name, phone }) => ({
        id,
        name,
        phone,
      })),
      units,
    });
    navigate(REVIEW_PATH);
  };

  const onReset = () => {
    const defaultAircraft = aircraft?.find((a) => a.isDefault) ?? aircraft?.[0];
    reset(emptyRequestFormValues(defaultAircraft?.id ?? ''));
    setDepartureAirport(null);
    setDestinationAirport(null);
    skipAutoSelectFor.current = null;
  };

  return (
    <FormProvider {...methods}>
      <PageColumn maxW="4xl">
        <Stack gap="2" mb="6">
          <Heading as="h1" size="2xl">
            Request for Quote
          </Heading>
          <Text color="fg.muted">
            Ask the FBOs at your destination for fuel, hangar and ground-service prices in one request.
          </Text>
        </Stack>
        {fieldsShown ? (
          <form
            noValidate
            onSubmit={handleSubmit(onReview)}
            onReset={(e) => e.preventDefault()}
            aria-label="Request for Quote"
          >
            <Stack gap="5">
              <FormSection title="Flight Details">
                <Stack gap="5">
                  <AircraftField aircraft={aircraft} loading={aircraftQuery.isLoading} failed={aircraftQuery.isError} />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                    <Controller
                      control={control}
                      name="departureAirportCode"
                      render={({ field, fieldState }) => (
                        <AirportPicker
                          label="Departure airport"
                          required
                          value={departureAirport}
                          inputRef={field.ref}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          onChange={(airport) => {
                            setDepartureAirport(airport);
                            field.onChange(airport?.identifier ?? '');
                          }}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name="airportCode"
                      render={({ field, fieldState }) => (
                        <AirportPicker
                          label="Destination airport"
                          required
                          value={destinationAirport}
                          inputRef={field.ref}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          onChange={(airport) => {
                            setDestinationAirport(airport);
                            field.onChange(airport?.identifier ?? '');
                            // FBOs of another airport cannot be asked (the new list selects its own).
                            setValue('selectedFbos', []);
                          }}
                        />
                      )}
                    />
                  </SimpleGrid>
                  <VisitDatesFields />
                </Stack>
              </FormSection>

              {/* Flight Details fill a phone's screen: the sections under them render just after. */}
              <AfterFirstPaint>
                <FuelAndServicesSections units={units} servicesExtra={<RewardsNumbers profile={profileQuery.data} />} />

                <FormSection title="FBOs at Destination">
                  <FbosField airportCode={airportCode} onList={onFboList} />
                </FormSection>

                <NotesSection />

                <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
                  <Button type="button" variant="outline" onClick={onReset}>
                    Reset
                  </Button>
                  <Button type="submit" colorPalette="brand">
                    Review Quote Request
                  </Button>
                </Stack>
              </AfterFirstPaint>
            </Stack>
          </form>
        ) : (
          <SpaceForContent>
            <Center py="10">
              <Spinner size="lg" aria-label="Loading" />
            </Center>
          </SpaceForContent>
        )}
      </PageColumn>
    </FormProvider>
  );
}
