import {
  ESTIMATE_DEFAULT_VALID_DAYS,
  ESTIMATE_MAX_VALID_DAYS,
  FboQuoteMessages,
  formatQuantity,
  type DeclineEstimate,
  type EstimatePageDataDto,
  type SubmitEstimate,
} from '@rampquote/contracts';
import { Alert, Box, Button, Card, Field, FormInput, Heading, Stack, Text, toast } from '@rampquote/web-kit';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { FormTextarea } from '../../../shared/FormTextarea';
import { InTurns } from '../../../shared/InTurns';
import { formatUsdCents, localDatePlusDays, toDateInputValue } from '../../../shared/format';
import {
  useFboPortalDeclineEstimateMutation,
  useFboPortalSubmitEstimateMutation,
  type EstimateSource,
} from '../api/estimate-api';
import { clearEstimateDraft, readEstimateDraft, saveEstimateDraft } from '../estimate-draft';
import { DECLINE_LOAD_FAILED, declineFailure, submitFailure } from '../estimate-errors';
import {
  estimateContextOf,
  estimateResolver,
  estimateTotalCentsOf,
  initialValues,
  isPerNight,
  type EstimateFormValues,
} from '../estimate-form';
import { ADDITIONAL_SECTIONS, MAIN_SECTIONS } from '../service-sections';
import { estimateHeaderParts } from './EstimateHeader';
import { FeesSection } from './FeesSection';
import { OtherServices } from './OtherServices';
import { ServiceEntry } from './ServiceEntry';
import type { DeclineDialog as DeclineDialogComponent } from './DeclineDialog';

/**
 * The decline dialog (its dialog and radio-group machinery, about 16 KB gzip) loads when the FBO first reaches for
 * "Decline request" (pointer over it, focus on it, or a tap), not with the page: most FBOs answer with prices, and
 * the standalone page is held to 150 KB gzip. A failed load (connection lost) says so and is retried
 * on the next tap; the form around it stays as it is.
 */
let loadedDeclineDialog: typeof DeclineDialogComponent | undefined;
const loadDeclineDialog = () =>
  import(/* webpackChunkName: "decline-dialog" */ './DeclineDialog').then(
    (module) => (loadedDeclineDialog = module.DeclineDialog),
  );
const preloadDeclineDialog = () => void loadDeclineDialog().catch(() => undefined);

export const UNAVAILABLE_EXCLUDED_NOTE = 'Services marked unavailable are not included in the total.';

interface Props {
  data: EstimatePageDataDto;
  source: EstimateSource;
  onSubmitted: () => void;
  onDeclined: (decline: DeclineEstimate) => void;
  /** The server says the invitation is no longer open: read the page again (its state screen follows). */
  onStale: () => void;
}

/** The live total, the rules line and 'Submit Estimate' (spec sections 2, 5 and 9), kept in view at the bottom. */
function TotalBar({
  totalCents,
  sending,
  error,
  fuelNote,
}: {
  totalCents: number;
  sending: boolean;
  error?: string;
  fuelNote: string | null;
}) {
  return (
    <Box
      position="sticky"
      bottom="0"
      zIndex="docked"
      mx={{ base: '-3', sm: '0' }}
      px={{ base: '3', md: '5' }}
      py="3"
      bg="bg.panel"
      borderTopWidth="1px"
      borderColor="border.emphasized"
      borderRadius={{ sm: 'l2' }}
      boxShadow="lg"
    >
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="3"
      >
        <Box>
          <Text fontWeight="semibold">Total Estimate Amount</Text>
          <Text fontSize="2xl" fontWeight="bold" color="brand.fg" data-testid="estimate-total">
            {formatUsdCents(totalCents)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {UNAVAILABLE_EXCLUDED_NOTE}
          </Text>
          {fuelNote ? (
            <Text fontSize="xs" color="fg.muted">
              {fuelNote}
            </Text>
          ) : null}
          {error ? (
            <Text fontSize="sm" color="fg.error" role="alert">
              {error}
            </Text>
          ) : null}
        </Box>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          minW={{ sm: '14rem' }}
          disabled={totalCents <= 0 || sending}
          loading={sending}
          loadingText="Submitting Estimate..."
        >
          Submit Estimate
        </Button>
      </Stack>
      {totalCents <= 0 ? (
        <Text fontSize="xs" color="fg.muted" mt="2">
          Enter a price for at least one service to submit. If you cannot help with this trip, use Decline request.
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * The estimate form (spec section 2): header and trip, only the requested services, Other Services, Additional
 * Comments, Valid until, the live total and Submit; plus Decline request. What is typed stays in this browser until
 * the server confirms an answer.
 */
export function EstimateForm({ data, source, onSubmitted, onDeclined, onStale }: Props) {
  const context = useMemo(() => estimateContextOf(data), [data]);
  const empty = useMemo(() => initialValues(data, context), [data, context]);
  // Read once: what an earlier visit on this device typed (a reload, a lost connection).
  const [restored, setRestored] = useState(() => readEstimateDraft(data.invitationId, context, empty));
  const resolver = useMemo(() => estimateResolver(context), [context]);
  const form = useForm<EstimateFormValues, unknown, SubmitEstimate>({
    resolver,
    defaultValues: restored ?? empty,
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as EstimateFormValues;
  const totalCents = estimateTotalCentsOf(values, context);
  const [submitEstimate, submitState] = useFboPortalSubmitEstimateMutation();
  const [declineRequest, declineState] = useFboPortalDeclineEstimateMutation();
  const [declineOpen, setDeclineOpen] = useState(false);
  // Set once loaded, then kept mounted (what was chosen stays if the dialog is closed and opened again).
  const [DeclineDialog, setDeclineDialog] = useState<typeof loadedDeclineDialog>();
  const [declineLoading, setDeclineLoading] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const openDecline = async () => {
    // Usually already fetched (pointer over the button, or focus on it): opens at once.
    if (loadedDeclineDialog) {
      setDeclineDialog(() => loadedDeclineDialog);
      setDeclineOpen(true);
      return;
    }
    setDeclineLoading(true);
    try {
      const component = await loadDeclineDialog();
      setDeclineDialog(() => component);
      setDeclineOpen(true);
    } catch {
      toast({ title: DECLINE_LOAD_FAILED, type: 'error' });
    } finally {
      setDeclineLoading(false);
    }
  };

  // Every change is kept locally until the server confirms.
  useEffect(() => {
    const subscription = form.watch((current) => saveEstimateDraft(data.invitationId, current as EstimateFormValues));
    return () => subscription.unsubscribe();
  }, [form, data.invitationId]);

  const onValid = async (body: SubmitEstimate) => {
    try {
      await submitEstimate({ source, body }).unwrap();
    } catch (error) {
      const failure = submitFailure(error);
      toast(failure.toast);
      if (failure.reload) onStale();
      return;
    }
    clearEstimateDraft(data.invitationId);
    onSubmitted();
  };

  const onInvalid = (errors: FieldErrors<EstimateFormValues>) => {
    // The "No Services Quoted" rule (spec sections 5 and 8) concerns the estimate as a whole: a toast.
    if (errors.servicesQuoted?.message === FboQuoteMessages.noServicesQuoted) {
      toast({
        title: FboQuoteMessages.noServicesQuotedTitle,
        description: FboQuoteMessages.noServicesQuoted,
        type: 'error',
      });
    }
  };

  const onDecline = async (body: DeclineEstimate) => {
    try {
      await declineRequest({ source, body }).unwrap();
    } catch (error) {
      const failure = declineFailure(error);
      toast(failure.toast);
      if (failure.reload) {
        setDeclineOpen(false);
        onStale();
      }
      return;
    }
    clearEstimateDraft(data.invitationId);
    setDeclineOpen(false);
    onDeclined(body);
  };

  const clearEntries = () => {
    form.reset(empty);
    clearEstimateDraft(data.invitationId);
    setRestored(null);
  };

  const main = MAIN_SECTIONS.filter((s) => context.keys.includes(s.key));
  const additional = ADDITIONAL_SECTIONS.filter((s) => context.keys.includes(s.key));
  const today = new Date();
  const errors = form.formState.errors;
  const perNight = main.concat(additional).filter((s) => isPerNight(s.key));
  const nightsNote =
    context.nights === null
      ? 'counts as 1 night (visit dates not specified)'
      : `counts for ${formatQuantity(context.nights, 'night')} (arrival to departure)`;
  const countNotes = [
    context.keys.includes('dedicatedFuel') && context.gallons !== null
      ? `Fuel counts as price per gallon × ${formatQuantity(context.gallons, 'gallon')}.`
      : null,
    perNight.length ? `${perNight.map((s) => s.title).join(', ')} ${nightsNote}.` : null,
  ].filter(Boolean);
  const fuelNote = countNotes.length ? countNotes.join(' ') : null;

  const parts: ReactNode[] = [
    <Box key="intro">
      <Heading as="h2" size={{ base: 'lg', md: 'xl' }} id="pricing-title">
        Enter Your Estimated Pricing for Requested Services Below
      </Heading>
      <Text color="fg.muted" mt="1">
        Only provide quotes for services the customer has requested.
      </Text>
      <Text color="fg.muted" fontSize="sm" mt="1">
        What you type is kept on this device until your estimate is sent.
      </Text>
    </Box>,

    restored ? (
      <Alert.Root key="restored" status="info" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>We restored what you entered earlier on this device.</Alert.Title>
        </Alert.Content>
        <Button type="button" size="lg" variant="ghost" onClick={clearEntries}>
          Clear entries
        </Button>
      </Alert.Root>
    ) : null,

    ...main.map((section) => (
      <Card.Root key={section.key} variant="outline" bg="bg.panel">
        <Card.Body p={{ base: '4', md: '5' }}>
          <ServiceEntry section={section} data={data} context={context} />
        </Card.Body>
      </Card.Root>
    )),

    additional.length ? (
      <Card.Root key="additional" as="section" aria-labelledby="additional-title" variant="outline" bg="bg.panel">
        <Card.Body gap="5" p={{ base: '4', md: '5' }}>
          <Heading as="h3" size="lg" id="additional-title">
            Additional Services Requested
          </Heading>
          {additional.map((section) => (
            <Box key={section.key} borderTopWidth="1px" borderColor="border" pt="4">
              <ServiceEntry section={section} data={data} context={context} level={4} />
            </Box>
          ))}
        </Card.Body>
      </Card.Root>
    ) : null,

    <OtherServices key="other" />,

    <FeesSection key="fees" context={context} />,

    <Card.Root key="comments" variant="outline" bg="bg.panel">
      <Card.Body gap="5" p={{ base: '4', md: '5' }}>
        <Field.Root invalid={Boolean(errors.notes)}>
          <Field.Label fontSize="md">Additional Comments</Field.Label>
          <FormTextarea
            rows={4}
            placeholder="Anything the customer should know about this estimate (optional)"
            {...form.register('notes')}
          />
          <Field.ErrorText>{errors.notes?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.validUntil)}>
          <Field.Label fontSize="md">Valid until</Field.Label>
          <FormInput
            type="date"
            size="lg"
            maxW={{ sm: '16rem' }}
            min={toDateInputValue(today)}
            max={toDateInputValue(localDatePlusDays(ESTIMATE_MAX_VALID_DAYS, today))}
            {...form.register('validUntil')}
          />
          <Field.HelperText>
            Your prices hold until the end of this day (default: {ESTIMATE_DEFAULT_VALID_DAYS} days from today).
          </Field.HelperText>
          <Field.ErrorText>{errors.validUntil?.message}</Field.ErrorText>
        </Field.Root>
      </Card.Body>
    </Card.Root>,

    <TotalBar
      key="total"
      totalCents={totalCents}
      sending={submitState.isLoading}
      error={(errors as FieldErrors<{ totalPrice: number }>).totalPrice?.message}
      fuelNote={fuelNote}
    />,
  ].filter(Boolean);

  const header = estimateHeaderParts(data);
  const decline = (
    <Card.Root as="section" aria-labelledby="decline-title" variant="outline" bg="bg.panel">
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Heading as="h2" size="md" id="decline-title">
          Unable to provide an estimate?
        </Heading>
        <Text color="fg.muted">
          Let the customer know why: no fuel, no hangar space, closed on those dates or another reason.
        </Text>
        <Button
          type="button"
          size="lg"
          variant="outline"
          colorPalette="red"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          ref={declineButton}
          loading={declineLoading}
          onPointerEnter={preloadDeclineDialog}
          onFocus={preloadDeclineDialog}
          onClick={() => void openDecline()}
        >
          Decline request
        </Button>
      </Card.Body>
    </Card.Root>
  );

  // The header first (what a phone shows first), then the form, a part per task; the decline section with the form's
  // last part (below the form, so nothing on screen moves as the form grows). The form is busy until all of it is in.
  return (
    <FormProvider {...form}>
      <InTurns count={header.length + parts.length}>
        {(shown) => (
          <Stack gap="5">
            <Stack gap="4">{header.slice(0, shown)}</Stack>
            {shown > header.length ? (
              <form
                noValidate
                aria-labelledby="pricing-title"
                aria-busy={shown < header.length + parts.length}
                onSubmit={form.handleSubmit(onValid, onInvalid)}
              >
                <Stack gap="5">{parts.slice(0, shown - header.length)}</Stack>
              </form>
            ) : null}
            {shown >= header.length + parts.length ? decline : null}
            {DeclineDialog && (
              <DeclineDialog
                open={declineOpen}
                fboName={data.fbo.name}
                declining={declineState.isLoading}
                onClose={() => setDeclineOpen(false)}
                onConfirm={onDecline}
                finalFocusEl={() => declineButton.current}
              />
            )}
          </Stack>
        )}
      </InTurns>
    </FormProvider>
  );
}
