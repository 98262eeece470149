import type { EstimatePageDataDto } from '@rampquote/contracts';
import { Box, Stack, Text } from '@rampquote/web-kit';
import { formatDateTime, formatUsd } from '../../../shared/format';
import { amendedLine } from '../amendment-text';

export const AMENDMENT_TEXTS = {
  title: 'The customer amended this request',
  amendedAt: (when: string) => `Amended on ${when}. What changed:`,
  earlierEstimate: (total: string) =>
    `Your estimate of ${total} was for the earlier version and is not in the customer's comparison until you send it again. Please re-price: the form below opens with your earlier prices; update them for the request as it now reads, or send them unchanged to confirm them.`,
} as const;

/**
 * The form is open again over an estimate given for a version of the request older than the one shown (an open
 * invitation holds an estimate only then).
 */
export const estimateForEarlierVersion = (data: EstimatePageDataDto) =>
  data.state === 'open' && Boolean(data.estimate) && data.estimate?.forEarlierVersion !== false;

/**
 * Above the page of an amended request: what changed (before → after) and when; when the FBO's estimate was for the
 * earlier version, that it is out of the customer's comparison until the FBO re-prices or confirms it.
 */
export function AmendmentNotice({ data }: { data: EstimatePageDataDto }) {
  const amendment = data.amendment ?? null;
  const earlier = estimateForEarlierVersion(data) ? data.estimate : null;
  if (!amendment && !earlier) return null;
  return (
    <Box
      role="status"
      data-testid="amendment-notice"
      borderWidth="1px"
      borderColor="orange.muted"
      bg="orange.subtle"
      borderRadius="l2"
      p="4"
      mb="4"
    >
      <Stack gap="2">
        <Text fontWeight="semibold">{AMENDMENT_TEXTS.title}</Text>
        {amendment ? (
          <>
            <Text>{AMENDMENT_TEXTS.amendedAt(formatDateTime(amendment.amendedAt))}</Text>
            <Stack as="ul" gap="0.5" ps="5" listStyleType="disc">
              {amendment.changes.map((change) => (
                <Text as="li" key={change.field} wordBreak="break-word">
                  {amendedLine(change)}
                </Text>
              ))}
            </Stack>
          </>
        ) : null}
        {earlier ? <Text>{AMENDMENT_TEXTS.earlierEstimate(formatUsd(earlier.totalPrice))}</Text> : null}
      </Stack>
    </Box>
  );
}
