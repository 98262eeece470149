import {
  AMENDED_FIELD_LABELS,
  formatQuantity,
  type AmendedField,
  type QuoteRequestVersionDto,
} from '@rampquote/contracts';
import { Box, Heading, Stack, Text } from '@rampquote/web-kit';
import { memo } from 'react';
import { formatDateTime } from '../../../shared/date-time-picker/date-time';

/** One amended value as the page reads it (dates in the browser's zone, gallons with the shared formatter). */
export function amendedValue(field: AmendedField['field'], value: AmendedField['before']): string {
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return 'None';
  if (field === 'arrival' || field === 'departure') return formatDateTime(String(value));
  if (field === 'fuelAmount') return formatQuantity(Number(value), 'gallon');
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** "History": each amendment of the request, newest first, with who made it, when, and what changed. */
export const RequestHistory = memo(function RequestHistory({
  versions,
}: {
  versions: readonly QuoteRequestVersionDto[];
}) {
  if (!versions.length) return null;
  return (
    <Box
      as="section"
      aria-labelledby="history-title"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg.panel"
      p={{ base: '4', md: '6' }}
      mb="8"
    >
      <Heading as="h2" size="lg" mb="4" id="history-title">
        History
      </Heading>
      <Stack as="ol" gap="4" listStyleType="none" ms="0">
        {[...versions].reverse().map((v) => (
          <Box as="li" key={v.version}>
            <Text fontWeight="semibold">
              Version {v.version}: amended by {v.changedBy.name} on {formatDateTime(v.changedAt)}
            </Text>
            <Stack as="ul" gap="0.5" ps="5" fontSize="sm">
              {v.changes.map((c) => (
                <Text as="li" key={c.field} wordBreak="break-word">
                  {AMENDED_FIELD_LABELS[c.field]}: {amendedValue(c.field, c.before)} → {amendedValue(c.field, c.after)}
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
});
