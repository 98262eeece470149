import type { ComparisonOffer, ComparisonRow, QuoteResponseDetailsDto } from '@rampquote/contracts';
import { Badge, Box, Button, Card, chakra, Heading, HStack, Link, Stack, Text, Wrap } from '@rampquote/web-kit';
import { formatDate, formatDateTime, formatUsd } from '../../../shared/quote-format';
import { cellDetail, earlierVersionText, feeDetail, incompleteText } from '../comparison-text';
import { contactHref } from '../quote-details-text';

/** Where a priced answer stands in the comparison (spec section 9). */
export type PriceTone = 'best' | 'highest' | 'middle' | 'incomplete';

const TONE: Record<PriceTone, { palette: string; badge: string | null }> = {
  best: { palette: 'green', badge: 'Best Price' },
  highest: { palette: 'red', badge: 'Highest Price' },
  middle: { palette: 'yellow', badge: null },
  incomplete: { palette: 'orange', badge: 'Incomplete' },
};

const Ul = chakra('ul');

function LineItem({
  label,
  detail,
  total,
  notes,
  unavailable,
}: {
  label: string;
  detail: string;
  total: string | null;
  notes: string | null;
  unavailable?: boolean;
}) {
  return (
    <chakra.li
      listStyleType="none"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <HStack justify="space-between" align="flex-start" gap="3">
        <Box minW="0">
          <Text fontWeight="medium">{label}</Text>
          <Text fontSize="sm" color={unavailable ? 'fg.warning' : 'fg.muted'}>
            {detail}
          </Text>
          {notes ? (
            <Text fontSize="sm" color="fg.muted" fontStyle="italic">
              {notes}
            </Text>
          ) : null}
        </Box>
        {total !== null ? (
          <Text fontWeight="semibold" whiteSpace="nowrap">
            {total}
          </Text>
        ) : null}
      </HStack>
    </chakra.li>
  );
}

/**
 * An offer in the comparison's row order: each requested service (its lowest price marked), the requested-services
 * total, the fees (waived or not, and why), then the extras offered but not requested with their own total.
 */
function OfferLines({ offer, rows, fboName }: { offer: ComparisonOffer; rows: ComparisonRow[]; fboName: string }) {
  return (
    <>
      <Ul aria-label={`Requested services at ${fboName}`} m="0" p="0">
        {offer.cells.map((cell, i) => (
          <LineItem
            key={cell.key}
            label={rows[i].detail ? `${rows[i].label} (${rows[i].detail})` : rows[i].label}
            detail={`${cellDetail(cell)}${cell.lowest ? ' · Lowest' : ''}`}
            total={cell.total === null ? null : formatUsd(cell.total)}
            notes={cell.notes}
            unavailable={cell.status !== 'priced'}
          />
        ))}
        <LineItem label="Requested services" detail="" total={formatUsd(offer.comparableTotal)} notes={null} />
        {offer.fees.map((fee) => (
          <LineItem
            key={fee.kind}
            label={fee.label}
            detail={`${feeDetail(fee)}${fee.note ? ` · ${fee.note}` : ''}`}
            total={fee.waived ? 'Waived' : formatUsd(fee.amount)}
            notes={null}
          />
        ))}
      </Ul>
      {offer.extras.length ? (
        <Box>
          <Text fontSize="sm" fontWeight="semibold">
            Extras (not requested): {formatUsd(offer.extrasTotal)}
          </Text>
          <Ul aria-label={`Extras from ${fboName}`} m="0" p="0">
            {offer.extras.map((e) => (
              <LineItem key={e.name} label={e.name} detail="Not requested" total={formatUsd(e.price)} notes={e.notes} />
            ))}
          </Ul>
        </Box>
      ) : null}
    </>
  );
}

interface Props {
  response: QuoteResponseDetailsDto;
  uniqueId: string;
  /** The answer in the comparison (null for a decline). */
  offer: ComparisonOffer | null;
  rows: ComparisonRow[];
  /** "Book with {FBO}" when the pilot may choose this offer. */
  onBook?: () => void;
  /** "Booked", "Booking requested", "Declined your booking". */
  bookingBadge?: { text: string; palette: string } | null;
  /** The estimate was for an earlier version of the amended request (out of the comparison until re-priced). */
  earlierVersion?: { forVersion: number | null };
}

/**
 * One FBO's answer: landed total, rank badge, the requested services in the comparison's order, fees, extras,
 * validity, contact. A decline shows its reason instead.
 */
export function ResponseCard({ response, uniqueId, offer, rows, onBook, bookingBadge, earlierVersion }: Props) {
  const tone: PriceTone | null = offer ? offer.rank : null;
  const { fbo } = response;
  const declined = response.status === 'declined';
  const look = tone ? TONE[tone] : null;
  const headingId = `response-${response.id}-title`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      data-testid={`response-${response.fboId}`}
      data-tone={tone ?? (earlierVersion ? 'earlier-version' : 'declined')}
      variant="outline"
      bg="bg.panel"
      borderColor={look ? `${look.palette}.500` : 'border'}
      borderInlineStartWidth="6px"
    >
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', sm: 'flex-start' }}
          gap="2"
        >
          <Box minW="0">
            <Heading as="h3" size="md" id={headingId}>
              {fbo.name}
            </Heading>
            <Wrap gap="2" mt="1">
              {look?.badge ? (
                <Badge colorPalette={look.palette} variant="subtle" size="md">
                  {look.badge}
                </Badge>
              ) : null}
              {declined ? (
                <Badge colorPalette="gray" variant="subtle" size="md">
                  Declined
                </Badge>
              ) : null}
              {earlierVersion ? (
                <Badge colorPalette="orange" variant="subtle" size="md">
                  For the earlier version
                </Badge>
              ) : null}
              {bookingBadge ? (
                <Badge colorPalette={bookingBadge.palette} variant="solid" size="md">
                  {bookingBadge.text}
                </Badge>
              ) : null}
              {response.expired ? (
                <Badge colorPalette="orange" variant="outline">
                  Expired
                </Badge>
              ) : null}
            </Wrap>
          </Box>
          {!declined && offer ? (
            <Box textAlign={{ base: 'start', sm: 'end' }}>
              <Text fontSize="sm" color="fg.muted">
                Landed total
              </Text>
              <Text
                fontSize="2xl"
                fontWeight="bold"
                color={look ? `${look.palette}.fg` : undefined}
                data-testid="response-total"
              >
                {formatUsd(offer.landedTotal)}
              </Text>
            </Box>
          ) : null}
          {earlierVersion && response.totalPrice !== null ? (
            <Box textAlign={{ base: 'start', sm: 'end' }}>
              <Text fontSize="sm" color="fg.muted">
                Estimate total (earlier version)
              </Text>
              <Text fontSize="xl" fontWeight="semibold" color="fg.muted" data-testid="earlier-total">
                {formatUsd(response.totalPrice)}
              </Text>
            </Box>
          ) : null}
        </Stack>

        {earlierVersion ? (
          <Text fontSize="sm" color="fg.warning" fontWeight="medium" data-testid="earlier-version-note">
            {earlierVersionText(fbo.name, earlierVersion.forVersion)}
          </Text>
        ) : null}

        {declined ? (
          <Box>
            <Text>
              <Text as="span" fontWeight="semibold">
                Reason:{' '}
              </Text>
              {response.declined?.label ?? 'Not given'}
            </Text>
            {response.declined?.text ? <Text color="fg.muted">{response.declined.text}</Text> : null}
          </Box>
        ) : (
          <>
            {offer && !offer.complete ? (
              <Text fontSize="sm" color="fg.warning" fontWeight="medium">
                {incompleteText(offer)}
              </Text>
            ) : null}
            {offer ? <OfferLines offer={offer} rows={rows} fboName={fbo.name} /> : null}
            {response.validUntil ? (
              <Text fontSize="sm" color={response.expired ? 'fg.warning' : 'fg.muted'}>
                {response.expired
                  ? `This estimate expired on ${formatDate(response.validUntil)}. Ask the FBO to confirm the prices.`
                  : `Valid until ${formatDate(response.validUntil)}`}
              </Text>
            ) : null}
          </>
        )}

        {response.notes ? (
          <Box>
            <Text fontSize="sm" fontWeight="semibold">
              Notes from the FBO
            </Text>
            <Text fontSize="sm" whiteSpace="pre-wrap">
              {response.notes}
            </Text>
          </Box>
        ) : null}

        <Stack
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="2"
        >
          <Text fontSize="xs" color="fg.muted">
            Answered {formatDateTime(response.respondedAt)}
            {fbo.phone ? (
              <>
                {' · '}
                <Link href={`tel:${fbo.phone.replace(/[^+0-9]/g, '')}`} color="brand.fg">
                  {fbo.phone}
                </Link>
              </>
            ) : null}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button asChild size="sm" variant="outline">
              <a href={contactHref(fbo.email, uniqueId)} aria-label={`Contact FBO ${fbo.name} by e-mail`}>
                Contact FBO
              </a>
            </Button>
            {onBook ? (
              <Button size="sm" colorPalette="brand" onClick={onBook}>
                Book with {fbo.name}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
