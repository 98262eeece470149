import { Box, Text } from '@rampquote/web-kit';
import { durationText, minutesAtDestination } from './trip-duration';

/**
 * The 'Duration at destination' line (spec section 2). A negative duration shows the warning 'Departure must be
 * after arrival' instead; it is a warning only (the form still goes on). Announced politely when it changes.
 */
export function TripDuration({ arrival, departure }: { arrival: string; departure: string }) {
  const minutes = minutesAtDestination(arrival, departure);
  return (
    <Box aria-live="polite" data-testid="trip-duration">
      {minutes === null ? null : minutes < 0 ? (
        <Text color="fg.warning" fontWeight="medium">
          <span aria-hidden="true">⚠ </span>
          {durationText(minutes)}
        </Text>
      ) : (
        <Text color="fg.muted">
          Duration at destination:{' '}
          <Text as="span" color="fg" fontWeight="medium">
            {durationText(minutes)}
          </Text>
        </Text>
      )}
    </Box>
  );
}
