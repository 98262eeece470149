import type { QuoteRequestDetailsDto } from '@rampquote/contracts';
import { Box, Heading, Spinner, Stack, Text } from '@rampquote/web-kit';
import { memo } from 'react';
import { plural } from '../../../shared/quote-format';
import { NotificationPreferences } from './NotificationPreferences';

/** No answer yet (spec section 2): the request went out; the pilot chooses how to be told. */
export const WaitingForQuotes = memo(function WaitingForQuotes({ request }: { request: QuoteRequestDetailsDto }) {
  return (
    <Box
      role="region"
      aria-labelledby="waiting-title"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg.panel"
      p={{ base: '5', md: '8' }}
    >
      <Stack gap="4">
        <Stack direction="row" align="center" gap="3">
          <Spinner size="sm" color="brand.fg" aria-hidden="true" />
          <Heading as="h2" size="lg" id="waiting-title">
            Waiting for Quotes
          </Heading>
        </Stack>
        <Text color="fg.muted">
          Your request was sent to {plural(request.totalFbosCount, 'FBO')} at {request.airport.identifier}. Quotes
          typically take 1-3 hours; they appear here as soon as they arrive, without reloading the page.
        </Text>
        <NotificationPreferences request={request} />
      </Stack>
    </Box>
  );
});
