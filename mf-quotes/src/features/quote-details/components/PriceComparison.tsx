import type { ComparisonOffer, QuoteComparison, QuoteResponseDetailsDto } from '@rampquote/contracts';
import { Alert, Box, Heading, Stack, Text } from '@rampquote/web-kit';
import { formatPercent, formatUsd } from '../../../shared/quote-format';
import { ComparisonTable } from './ComparisonTable';
import { ResponseCard } from './ResponseCard';

/**
 * The responses compared like for like (GET .../comparison): complete offers ranked by landed total (lowest green
 * "Best Price"; highest red "Highest Price" with 2+ complete offers; the others yellow), the savings summary with
 * more than one, the incomplete offers with what they lack, then the declines. Side by side in a table on wide
 * screens; one card per FBO, rows in the same order, on every screen.
 */
export function PriceComparison({
  comparison,
  responses,
  uniqueId,
  bookingNote,
  onBook,
}: {
  comparison: QuoteComparison;
  responses: QuoteResponseDetailsDto[];
  uniqueId: string;
  /** Said under the booking (e.g. the chosen FBO was sent an amendment and must still confirm). */
  bookingNote?: string | null;
  /** Set while the pilot may choose an offer (the request is neither cancelled nor booked). */
  onBook?: (offer: ComparisonOffer) => void;
}) {
  const { booking } = comparison;
  const declinedBooking = new Set(comparison.bookingDeclinedFboIds);
  const badgeOf = (fboId: string) =>
    booking?.fboId === fboId
      ? booking.state === 'confirmed'
        ? { text: 'Booked', palette: 'green' }
        : { text: 'Booking requested', palette: 'blue' }
      : declinedBooking.has(fboId)
        ? { text: 'Declined your booking', palette: 'red' }
        : null;
  const byId = new Map(responses.map((r) => [r.id, r]));
  const offers = comparison.offers.filter((o) => byId.has(o.responseId));
  const offered = new Set(offers.map((o) => o.responseId));
  // Estimates for the version before the pilot's amendment are kept, shown as such, and left out of the ranking
  // until the FBO prices this one (one the FBO has since re-priced is not shown again).
  const awaiting = comparison.awaitingRepricing ?? [];
  const awaitingOf = new Map(awaiting.map((a) => [a.fboId, a]));
  const pricedNow = new Set(offers.map((o) => o.fbo.id));
  const isEarlier = (r: QuoteResponseDetailsDto) =>
    r.status === 'submitted' && !offered.has(r.id) && (r.forEarlierVersion ?? awaitingOf.has(r.fboId));
  const earlier = responses.filter((r) => isEarlier(r) && !pricedNow.has(r.fboId));
  const others = responses.filter((r) => !offered.has(r.id) && !isEarlier(r));
  const best = offers.find((o) => o.responseId === comparison.bestId);
  const highest = offers.find((o) => o.responseId === comparison.highestId);

  return (
    <Stack gap="4">
      {booking ? (
        <Alert.Root status={booking.state === 'confirmed' ? 'success' : 'info'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {booking.state === 'confirmed'
                ? `Booked with ${booking.fboName}`
                : `Booking requested with ${booking.fboName}: waiting for the FBO to confirm`}
            </Alert.Title>
            {bookingNote ? <Alert.Description data-testid="booking-note">{bookingNote}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
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
          <Text fontSize="sm" color="fg.muted">
            Landed totals: fuel, the requested services and the fees not waived, among offers that price every requested
            service.
          </Text>
        </Box>
      ) : null}
      {awaiting.length ? (
        <Text data-testid="awaiting-repricing" color="fg.muted">
          Waiting for {awaiting.map((a) => a.name).join(', ')} to confirm or re-price: their estimates were for the
          earlier version of this request and are left out of the comparison until then.
        </Text>
      ) : null}
      {offers.length > 1 ? <ComparisonTable comparison={{ ...comparison, offers }} /> : null}
      <Stack as="ol" gap="4" listStyleType="none" m="0" p="0" aria-label="Responses, lowest landed total first">
        {offers.map((offer) => (
          <li key={offer.responseId}>
            <ResponseCard
              response={byId.get(offer.responseId)!}
              uniqueId={uniqueId}
              offer={offer}
              rows={comparison.rows}
              bookingBadge={badgeOf(offer.fbo.id)}
              onBook={onBook && !declinedBooking.has(offer.fbo.id) ? () => onBook(offer) : undefined}
            />
          </li>
        ))}
        {others.map((response) => (
          <li key={response.id}>
            <ResponseCard response={response} uniqueId={uniqueId} offer={null} rows={comparison.rows} />
          </li>
        ))}
      </Stack>
      {earlier.length ? (
        <Stack as="section" aria-labelledby="earlier-estimates-title" gap="3">
          <Heading as="h3" size="md" id="earlier-estimates-title">
            Estimates for the earlier version
          </Heading>
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
            {earlier.map((response) => (
              <li key={response.id}>
                <ResponseCard
                  response={response}
                  uniqueId={uniqueId}
                  offer={null}
                  rows={comparison.rows}
                  earlierVersion={{ forVersion: awaitingOf.get(response.fboId)?.forVersion ?? null }}
                  bookingBadge={badgeOf(response.fboId)}
                />
              </li>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
