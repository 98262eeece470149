import type { AircraftDto } from '@rampquote/contracts';
import { Alert, Box, Button, Center, HStack, Spinner, Stack, Text, toast, useSession } from '@rampquote/web-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAircraftCreateFullMutation, useLazyAircraftSpecsQuery, useSavedAircraft } from '../../aircraft-api';
import { toastAircraftFailure, toastAircraftSuccess } from '../../aircraft-toasts';
import { clearPendingAircraft, readPendingAircraft, writePendingAircraft } from '../../pending-aircraft';
import {
  afterFailedLookup,
  draftFromSaved,
  emptyDraft,
  isDraftComplete,
  isStorableDraft,
  matchingSaved,
  parseDraft,
  toCreateRequest,
  withMake,
  withSpecs,
  type AircraftDraft,
} from './aircraft-draft';
import { AccountRequiredDialog } from './AccountRequiredDialog';
import { AircraftForm } from './AircraftForm';
import { SavedAircraftPicker } from './SavedAircraftPicker';

export type AircraftDetailsTab = 'saved' | 'new';

export const LOOKUP_OVERLAY_TEXT = 'This will take just a moment...';
export const AIRCRAFT_SELECTED = 'Aircraft Selected';
export const VERIFY_DIMENSIONS = 'Please verify aircraft dimensions and weights are correct before proceeding.';

export interface AircraftDetailsStepProps {
  /** Embedded (the add dialog of the Aircraft tab): no Saved tab, Next always saves. */
  standalone?: boolean;
  initialTab?: AircraftDetailsTab;
  /** Runs after Next: with the saved aircraft picked (`saved: false`) or the one just saved (`saved: true`). */
  onComplete: (result: { aircraft: AircraftDto; saved: boolean }) => void;
  /** Reload the page (the makes error's Refresh Page button); default window.location.reload. */
  onRefresh?: () => void;
}

const TABS: { id: AircraftDetailsTab; label: string }[] = [
  { id: 'saved', label: 'Saved Aircraft' },
  { id: 'new', label: 'New Aircraft' },
];

/**
 * The aircraft details step (spec sections 2-5): signed-in users pick a saved aircraft or describe a new one;
 * visitors describe one (kept in local storage) and must log in or register to save it.
 */
export function AircraftDetailsStep({
  standalone = false,
  initialTab = 'saved',
  onComplete,
  onRefresh,
}: AircraftDetailsStepProps) {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const showTabs = signedIn && !standalone;
  const saved = useSavedAircraft();
  const [createFull, { isLoading: isSaving }] = useAircraftCreateFullMutation();
  const [loadSpecs] = useLazyAircraftSpecsQuery();

  const [tab, setTab] = useState<AircraftDetailsTab>(initialTab);
  const [draft, setDraft] = useState<AircraftDraft>(emptyDraft);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const [accountRequired, setAccountRequired] = useState(false);
  /** A draft a visitor left before signing in, offered for saving. */
  const [offer, setOffer] = useState<AircraftDraft | null>(null);
  const restoredFor = useRef<string | null>(null);
  const idBase = useId();
  const activeTab: AircraftDetailsTab = showTabs ? tab : 'new';

  // Once the session is known: a visitor gets their draft back; a signed-in user is offered it for saving.
  useEffect(() => {
    if (status === 'loading' || restoredFor.current === status) return;
    restoredFor.current = status;
    const stored = parseDraft(readPendingAircraft());
    if (!stored) return;
    if (status === 'anonymous') setDraft(stored);
    else if (!standalone) {
      setOffer(stored);
      setDraft(stored);
      setTab('new');
    }
  }, [status, standalone]);

  // A visitor's draft is kept once make, model and tail number are set.
  useEffect(() => {
    if (status === 'anonymous' && isStorableDraft(draft)) writePendingAircraft(draft);
  }, [status, draft]);

  if (status === 'loading') return <Spinner aria-label="Loading" />;

  const change = (next: AircraftDraft) => setDraft(next);

  const onMakeChange = (make: string) => {
    setSelectedId(null);
    setDraft((current) => withMake(current, make));
  };

  const onModelChange = async (model: string) => {
    setSelectedId(null);
    const base = { ...draft, model };
    setDraft(base);
    if (!model || !base.make) return;
    setLookingUp(true);
    try {
      const specs = await loadSpecs({ make: base.make, model, unitSystem: base.unitSystem }, true).unwrap();
      setDraft(withSpecs(base, specs));
    } catch {
      setDraft(afterFailedLookup(base));
    } finally {
      setLookingUp(false);
      toast({ title: AIRCRAFT_SELECTED, description: VERIFY_DIMENSIONS, type: 'info' });
    }
  };

  const onPickSaved = (aircraft: AircraftDto) => {
    setSelectedId(aircraft.id);
    setDraft(draftFromSaved(aircraft));
  };

  const onReset = () => {
    setDraft(emptyDraft());
    setSelectedId(null);
    if (status === 'anonymous') clearPendingAircraft();
  };

  const save = async (value: AircraftDraft): Promise<AircraftDto | null> => {
    try {
      return await createFull(toCreateRequest(value)).unwrap();
    } catch (error) {
      toastAircraftFailure(standalone ? 'add' : 'save', error);
      return null;
    }
  };

  const onNext = async () => {
    if (!isDraftComplete(draft)) return;
    if (!signedIn) {
      writePendingAircraft(draft);
      setAccountRequired(true);
      return;
    }
    const picked =
      activeTab === 'saved' && !standalone ? matchingSaved(draft, saved.data ?? [], selectedId) : undefined;
    if (picked) {
      onComplete({ aircraft: picked, saved: false });
      return;
    }
    const created = await save(draft);
    if (!created) return;
    if (offer) {
      clearPendingAircraft();
      setOffer(null);
    }
    onComplete({ aircraft: created, saved: true });
  };

  const onSaveOffer = async () => {
    if (!offer) return;
    const created = await save(offer);
    if (!created) return;
    clearPendingAircraft();
    setOffer(null);
    toastAircraftSuccess('Aircraft saved');
    setDraft(draftFromSaved(created));
    setSelectedId(created.id);
    setTab('saved');
  };

  const onDiscardOffer = () => {
    clearPendingAircraft();
    setOffer(null);
    setDraft(emptyDraft());
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'saved' ? 'new' : 'saved';
    setTab(next);
    document.getElementById(`${idBase}-tab-${next}`)?.focus();
  };

  const complete = isDraftComplete(draft);
  const offerComplete = offer ? isDraftComplete(offer) : false;

  return (
    <Stack gap="6">
      {offer ? (
        <Alert.Root status="info" role="region" aria-label="Unsaved aircraft">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Save the aircraft you started?</Alert.Title>
            <Alert.Description>
              You described {[offer.make, offer.model, offer.tailNumber].filter(Boolean).join(' ')} before signing in.{' '}
              {offerComplete
                ? 'Save it to your account so it is not lost.'
                : 'Complete the required fields below and press Next to save it.'}
            </Alert.Description>
            <HStack gap="2" mt="3">
              {offerComplete ? (
                <Button size="sm" colorPalette="brand" onClick={() => void onSaveOffer()} loading={isSaving}>
                  Save Aircraft
                </Button>
              ) : null}
              <Button size="sm" variant="outline" onClick={onDiscardOffer}>
                Discard
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {showTabs ? (
        <HStack role="tablist" aria-label="Aircraft source" gap="2" borderBottomWidth="1px">
          {TABS.map((t) => (
            <Button
              key={t.id}
              id={`${idBase}-tab-${t.id}`}
              role="tab"
              aria-selected={t.id === activeTab}
              aria-controls={`${idBase}-panel`}
              tabIndex={t.id === activeTab ? 0 : -1}
              variant={t.id === activeTab ? 'solid' : 'ghost'}
              colorPalette="brand"
              size="sm"
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
            </Button>
          ))}
        </HStack>
      ) : null}

      <Box
        id={`${idBase}-panel`}
        role={showTabs ? 'tabpanel' : undefined}
        aria-labelledby={showTabs ? `${idBase}-tab-${activeTab}` : undefined}
        position="relative"
        aria-busy={lookingUp}
      >
        {activeTab === 'saved' ? (
          <Stack gap="4">
            <SavedAircraftPicker
              aircraft={saved.data}
              isLoading={saved.isLoading}
              selectedId={selectedId}
              onSelect={onPickSaved}
            />
            {selectedId && !complete ? (
              <Text color="fg.muted">This aircraft is missing required details. Add them on the New Aircraft tab.</Text>
            ) : null}
          </Stack>
        ) : (
          <AircraftForm
            draft={draft}
            onChange={change}
            onMakeChange={onMakeChange}
            onModelChange={(m) => void onModelChange(m)}
            onRefresh={onRefresh}
          />
        )}
        {lookingUp ? (
          <Center
            position="absolute"
            inset="0"
            bg="bg/80"
            zIndex="1"
            flexDirection="column"
            gap="3"
            role="status"
            aria-live="polite"
          >
            <Spinner size="lg" aria-hidden="true" />
            <Text>{LOOKUP_OVERLAY_TEXT}</Text>
          </Center>
        ) : null}
      </Box>

      <HStack justify="space-between">
        <Button variant="outline" onClick={onReset}>
          Reset
        </Button>
        <Button
          colorPalette="brand"
          disabled={!complete || lookingUp}
          loading={isSaving}
          loadingText="Saving…"
          onClick={() => void onNext()}
        >
          Next
        </Button>
      </HStack>

      <AccountRequiredDialog open={accountRequired} onClose={() => setAccountRequired(false)} />
    </Stack>
  );
}
