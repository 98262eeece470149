import { comparePrices, type QuoteResponseDetailsDto } from '@rampquote/contracts';
import { Box, Heading, Stack, Text } from '@rampquote/web-kit';
import { useMemo } from 'react';
import { formatPercent, formatUsd } from '../../../shared/quote-format';
import { ResponseCard, type PriceTone } from './ResponseCard';

/**
 * The responses with the price comparison of spec section 9: priced answers by ascending total (lowest green
 * "Best Price"; highest red "Highest Price" with 2+ quotes; the others yellow), the savings summary with more
 * than one quote, then the declines. Cards, so it reads at 375 px.
 */
export function PriceComparison({ responses, uniqueId }: { responses: QuoteResponseDetailsDto[]; uniqueId: string }) {
  const comparison = useMemo(() => comparePrices(responses), [responses]);
  const byId = useMemo(() => new Map(responses.map((r) => [r.id, r])), [responses]);
  const ranked = comparison.ranked.map((id) => byId.get(id)!);
  const unranked = responses.filter((r) => !comparison.ranked.includes(r.id));
  const best = comparison.bestId ? byId.get(comparison.bestId) : undefined;
  const highest = comparison.highestId ? byId.get(comparison.highestId) : undefined;
  const toneOf = (id: string): PriceTone =>
    id === comparison.bestId ? 'best' : id === comparison.highestId ? 'highest' : 'middle';

  return (
    <Stack gap="4">
      {comparison.savings && best && highest ? (
        <Box
          role="region"
          aria-label="Savings"
          borderWidth="1px"
          borderColor="green.500"
          bg="bg.success"
          borderRadius="l2"
          p="4"
        >
          <Heading as="h3" size="sm" mb="1">
            Savings
          </Heading>
          <Text>
            Choosing {best.fbo.name} over {highest.fbo.name} saves{' '}
            <Text as="strong" data-testid="savings-amount">
              {formatUsd(comparison.savings.amount)}
            </Text>{' '}
            (
            <Text as="span" data-testid="savings-percent">
              {formatPercent(comparison.savings.percent)}
            </Text>{' '}
            of the highest price).
          </Text>
        </Box>
      ) : null}
      <Stack as="ol" gap="4" listStyleType="none" m="0" p="0" aria-label="Responses, lowest total first">
        {ranked.map((response) => (
          <li key={response.id}>
            <ResponseCard response={response} uniqueId={uniqueId} tone={toneOf(response.id)} />
          </li>
        ))}
        {unranked.map((response) => (
          <li key={response.id}>
            <ResponseCard response={response} uniqueId={uniqueId} tone={null} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
