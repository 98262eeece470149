import { ESTIMATE_SERVICE_KEYS, type QuotedServiceLineDto, type QuoteResponseDetailsDto } from '@rampquote/contracts';
import { Badge, Box, Button, Card, chakra, Heading, HStack, Link, Stack, Text, Wrap } from '@rampquote/web-kit';
import { formatDate, formatDateTime, formatUsd, plural } from '../../../shared/quote-format';
import { contactHref, SERVICE_LINE_LABELS } from '../quote-details-text';

/** Where a priced answer stands in the comparison (spec section 9). */
export type PriceTone = 'best' | 'highest' | 'middle';

const TONE: Record<PriceTone, { palette: string; badge: string | null }> = {
  best: { palette: 'green', badge: 'Best Price' },
  highest: { palette: 'red', badge: 'Highest Price' },
  middle: { palette: 'yellow', badge: null },
};

const Ul = chakra('ul');

function lineDetail(key: string, line: QuotedServiceLineDto): string {
  if (line.unavailable) return 'Unavailable';
  if (line.price === null) return 'Not priced';
  const parts = [formatUsd(line.price)];
  if (line.quantity !== null)
    parts.push(
      key === 'dedicatedFuel' || key === 'fuel'
        ? `${line.quantity.toLocaleString('en-US')} gal`
        : String(line.quantity),
    );
  if (line.days !== null) parts.push(plural(line.days, 'day'));
  return parts.length > 1 ? parts.join(' × ') : parts[0];
}

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

/** The line items of an estimate: each quoted service, then the FBO's other services. */
function LineItems({ response }: { response: QuoteResponseDetailsDto }) {
  const quoted = response.servicesQuoted;
  if (!quoted) return null;
  const lines = ESTIMATE_SERVICE_KEYS.flatMap((key) => {
    const line = quoted[key];
    return line ? [{ key, line }] : [];
  });
  if (!lines.length && !quoted.customServices.length) return null;
  return (
    <Ul aria-label={`Line items from ${response.fbo.name}`} m="0" p="0">
      {lines.map(({ key, line }) => (
        <LineItem
          key={key}
          label={SERVICE_LINE_LABELS[key]}
          detail={lineDetail(key, line)}
          total={line.unavailable ? null : formatUsd(line.total)}
          notes={line.notes}
          unavailable={line.unavailable}
        />
      ))}
      {quoted.customServices.map((service) => (
        <LineItem
          key={`custom-${service.id}-${service.name}`}
          label={service.name}
          detail="Other service"
          total={formatUsd(service.price)}
          notes={service.notes}
        />
      ))}
    </Ul>
  );
}

interface Props {
  response: QuoteResponseDetailsDto;
  uniqueId: string;
  /** Null for a decline (not ranked). */
  tone: PriceTone | null;
}

/** One FBO's answer: total, rank badge, line items, validity, contact. A decline shows its reason instead. */
export function ResponseCard({ response, uniqueId, tone }: Props) {
  const { fbo } = response;
  const declined = response.status === 'declined';
  const look = tone ? TONE[tone] : null;
  const headingId = `response-${response.id}-title`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      data-testid={`response-${response.fboId}`}
      data-tone={tone ?? 'declined'}
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
              {response.expired ? (
                <Badge colorPalette="orange" variant="outline">
                  Expired
                </Badge>
              ) : null}
            </Wrap>
          </Box>
          {!declined && response.totalPrice !== null ? (
            <Box textAlign={{ base: 'start', sm: 'end' }}>
              <Text fontSize="sm" color="fg.muted">
                Total
              </Text>
              <Text
                fontSize="2xl"
                fontWeight="bold"
                color={look ? `${look.palette}.fg` : undefined}
                data-testid="response-total"
              >
                {formatUsd(response.totalPrice)}
              </Text>
            </Box>
          ) : null}
        </Stack>

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
            {response.pricePerGallon !== null ? (
              <Text fontSize="sm" color="fg.muted">
                Fuel{response.fuelType ? ` (${response.fuelType})` : ''}: {formatUsd(response.pricePerGallon)}/gal
                {response.fuelQuantity !== null ? ` for ${response.fuelQuantity.toLocaleString('en-US')} gal` : ''}
                {response.totalFuelPrice !== null ? ` = ${formatUsd(response.totalFuelPrice)}` : ''}
              </Text>
            ) : null}
            <LineItems response={response} />
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
          <Button asChild size="sm" variant="outline">
            <a href={contactHref(fbo.email, uniqueId)} aria-label={`Contact FBO ${fbo.name} by e-mail`}>
              Contact FBO
            </a>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
