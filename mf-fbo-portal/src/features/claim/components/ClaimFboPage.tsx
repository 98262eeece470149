import { FboMemberMessages, type AirportSearchResult, type FboClaimResponse } from '@rampquote/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  errorMessage,
  Field,
  Heading,
  Input,
  isApiError,
  RadioGroup,
  Stack,
  Text,
  usePageMeta,
} from '@rampquote/web-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { SignInGate } from '../../../shared/FboAccountGate';
import { LoadingScreen, MessageScreen, PortalPage } from '../../../shared/PortalPage';
import {
  useFboClaimAirportFbosQuery,
  useFboClaimAirportSearchQuery,
  useFboClaimRequestMutation,
} from '../api/claim-api';

export const CLAIM_TEXTS = {
  title: 'Claim your FBO',
  intro:
    "Find your airport and pick your FBO. We e-mail a one-time link to the address your FBO is listed with; open it while signed in to this account and you become the FBO's manager.",
  airportLabel: 'Airport',
  airportPlaceholder: 'Airport code, name or city',
  fboLabel: 'Your FBO',
  noFbos: 'No FBOs are listed at this airport.',
  noAirports: 'No airport matches.',
  send: 'Send the link',
  sentTitle: 'Check the FBO’s e-mail',
} as const;

/** Waits until typing pauses before the search is asked. */
function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function AirportPicker({ onPick }: { onPick: (airport: AirportSearchResult) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const search = useFboClaimAirportSearchQuery(q, { skip: q.length < 2 });
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{CLAIM_TEXTS.airportLabel}</Field.Label>
        <Input
          value={text}
          maxLength={80}
          placeholder={CLAIM_TEXTS.airportPlaceholder}
          onChange={(e) => setText(e.target.value)}
        />
      </Field.Root>
      {q.length >= 2 && search.isFetching ? <Text color="fg.muted">Searching...</Text> : null}
      {q.length >= 2 && search.data && !search.isFetching ? (
        search.data.length ? (
          <Stack as="ul" listStyleType="none" m="0" p="0" gap="1" aria-label="Airports">
            {search.data.slice(0, 8).map((airport) => (
              <li key={airport.id}>
                <Button variant="outline" width="full" justifyContent="flex-start" onClick={() => onPick(airport)}>
                  {airport.identifier} · {airport.name}
                  {airport.city ? `, ${airport.city}` : ''}
                </Button>
              </li>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">{CLAIM_TEXTS.noAirports}</Text>
        )
      ) : null}
    </Stack>
  );
}

function FboPicker({ airport, onSent }: { airport: AirportSearchResult; onSent: (answer: FboClaimResponse) => void }) {
  const fbos = useFboClaimAirportFbosQuery(airport.identifier);
  const [fboId, setFboId] = useState('');
  const [claim, { isLoading }] = useFboClaimRequestMutation();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fboId) return setError(FboMemberMessages.fboRequired);
    setError(null);
    try {
      onSent(await claim({ fboId }).unwrap());
    } catch (err) {
      setError((isApiError(err) && err.body?.error) || errorMessage(err));
    }
  }

  if (fbos.isLoading) return <LoadingScreen label="Loading the FBOs..." />;
  const list = fbos.data?.fbos ?? [];
  if (!list.length) return <Text>{CLAIM_TEXTS.noFbos}</Text>;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <RadioGroup.Root value={fboId} onValueChange={(e) => setFboId(e.value ?? '')} aria-label={CLAIM_TEXTS.fboLabel}>
          <Text fontWeight="semibold" mb="2">
            {CLAIM_TEXTS.fboLabel}
          </Text>
          <Stack gap="2">
            {list.map((fbo) => (
              <RadioGroup.Item key={fbo.id} value={fbo.id}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{fbo.name}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} alignSelf="flex-start">
          {CLAIM_TEXTS.send}
        </Button>
      </Stack>
    </form>
  );
}

function Claim() {
  const [airport, setAirport] = useState<AirportSearchResult | null>(null);
  const [sent, setSent] = useState<FboClaimResponse | null>(null);
  if (sent) {
    return (
      <MessageScreen tone="success" title={CLAIM_TEXTS.sentTitle} text={sent.message}>
        <Text color="fg.muted">
          The link for {sent.fbo.name} is valid for 24 hours and works only for this account.
        </Text>
      </MessageScreen>
    );
  }
  return (
    <Card.Root variant="outline" bg="bg.panel" mt={{ base: '4', md: '10' }}>
      <Card.Body gap="5" p={{ base: '5', md: '8' }}>
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {CLAIM_TEXTS.title}
          </Heading>
          <Text color="fg.muted" mt="2">
            {CLAIM_TEXTS.intro}
          </Text>
        </Box>
        {airport ? (
          <Stack gap="4">
            <Text>
              {CLAIM_TEXTS.airportLabel}: <strong>{airport.identifier}</strong> · {airport.name}{' '}
              <Button variant="plain" size="sm" onClick={() => setAirport(null)}>
                Change
              </Button>
            </Text>
            <FboPicker airport={airport} onSent={setSent} />
          </Stack>
        ) : (
          <AirportPicker onPick={setAirport} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /fbo-portal/claim: a signed-in user asks for a claim link, mailed to the FBO's listed address. */
export function ClaimFboPage() {
  usePageMeta({ title: CLAIM_TEXTS.title, description: 'Link your RampQuote account to your FBO.' });
  return (
    <SignInGate title="Sign in to claim your FBO">
      {() => (
        <PortalPage>
          <Claim />
        </PortalPage>
      )}
    </SignInGate>
  );
}
