import { Badge, Box, Button, Card, Heading, HStack, RouterLink, Spinner, Stack, Text } from '@rampquote/web-kit';
import { useEffect } from 'react';
import { useLegacyWizardRequestQuery, useLegacyWizardResponsesQuery } from '../legacy-wizard-api';
import { rankResults, RESULTS_FUEL_GALLONS, RESULTS_HANGAR_DAYS, usd } from '../results-ranking';

/** Spec section 4: the results view asks for responses every 3 s. */
export const RESULTS_POLL_MS = 3000;

export const ResultsTexts = {
  requesting: 'Requesting Quotes...',
  typicalTime: 'Quotes typically take 1-3 hours. You can leave this page: your request stays under My Quotes.',
  responded: (n: number) => `${n} FBOs Responded`,
  lowest: 'Lowest Price',
} as const;

/**
 * The quote results view (spec section 2): 'Requesting Quotes...' until a response arrives or the request's status
 * is responses_received (which ends the polling), then 'N FBOs Responded' and the responses by lowest estimated
 * total, the lowest badged 'Lowest Price'.
 */
export function QuoteResults({ requestId, uniqueId }: { requestId: string; uniqueId: string }) {
  const requestQuery = useLegacyWizardRequestQuery(requestId);
  const responsesQuery = useLegacyWizardResponsesQuery(requestId);
  const responses = responsesQuery.data ?? [];
  const status = requestQuery.data?.status;
  const arrived = responses.length > 0 || status === 'responses_received' || status === 'completed';
  const stopped = arrived || status === 'cancelled';
  const fetching = requestQuery.isFetching || responsesQuery.isFetching;
  const { refetch: refetchRequest } = requestQuery;
  const { refetch: refetchResponses } = responsesQuery;

  // Every 3 s after the last answer (or failure), until the first response.
  useEffect(() => {
    if (stopped || fetching) return undefined;
    const timer = setTimeout(() => {
      void refetchResponses();
      void refetchRequest();
    }, RESULTS_POLL_MS);
    return () => clearTimeout(timer);
  }, [stopped, fetching, refetchRequest, refetchResponses]);

  const { ranked, lowestId } = rankResults(responses);

  return (
    <Stack gap="5">
      <Text>
        Your quote ID: <strong>{uniqueId}</strong>
      </Text>
      {!arrived ? (
        <Card.Root>
          <Card.Body>
            <Stack gap="3" align="center" textAlign="center" role="status">
              {status === 'cancelled' ? null : <Spinner size="lg" aria-hidden="true" />}
              <Heading as="h2" size="lg">
                {status === 'cancelled' ? 'Request cancelled' : ResultsTexts.requesting}
              </Heading>
              <Text color="fg.muted">{ResultsTexts.typicalTime}</Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack gap="4">
          <Box role="status">
            <Heading as="h2" size="lg">
              {ResultsTexts.responded(responses.length)}
            </Heading>
          </Box>
          <Text color="fg.muted" fontSize="sm">
            Sorted by the lowest estimated total for {RESULTS_FUEL_GALLONS} gallons of fuel and {RESULTS_HANGAR_DAYS}{' '}
            days of hangar, with each FBO&apos;s discounts, plus its other service prices.
          </Text>
          <Stack as="ol" gap="3" listStyleType="none" p="0" m="0" aria-label="FBO responses">
            {ranked.map(({ response, estimate }) => (
              <Box as="li" key={response.id}>
                <Card.Root borderColor={response.id === lowestId ? 'green.500' : undefined}>
                  <Card.Body>
                    <Stack gap="2">
                      <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
                        <Heading as="h3" size="md">
                          {response.fbo.name}
                        </Heading>
                        {response.id === lowestId ? <Badge colorPalette="green">{ResultsTexts.lowest}</Badge> : null}
                      </HStack>
                      {response.status === 'declined' ? (
                        <Text color="fg.muted">Declined{response.declined ? `: ${response.declined.label}` : ''}</Text>
                      ) : (
                        <>
                          {response.totalPrice !== null ? (
                            <Text>
                              Total: <strong>{usd(response.totalPrice / 100)}</strong>
                            </Text>
                          ) : null}
                          {response.pricePerGallon !== null ? (
                            <Text fontSize="sm">Fuel: {usd(response.pricePerGallon)} per gallon</Text>
                          ) : null}
                          {estimate !== null ? (
                            <Text fontSize="sm" color="fg.muted">
                              Estimated total: {usd(estimate)}
                            </Text>
                          ) : null}
                        </>
                      )}
                      <Text fontSize="xs" color="fg.muted">
                        Responded {new Date(response.responseTime).toLocaleString()}
                      </Text>
                    </Stack>
                  </Card.Body>
                </Card.Root>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild variant="outline">
          <RouterLink to={`/quote-details/${encodeURIComponent(requestId)}`}>View quote details</RouterLink>
        </Button>
        <Button asChild variant="ghost">
          <RouterLink to="/history">Go to My Quotes</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}
