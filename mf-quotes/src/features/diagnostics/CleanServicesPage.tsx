import { Card, Heading, SimpleGrid, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { useState } from 'react';
import { DateTimePicker } from '../../shared/date-time-picker/DateTimePicker';
import { TripDuration } from '../../shared/trip-duration/TripDuration';
import { daysText, tripDurationDays } from '../../shared/trip-duration/trip-duration';
import { PageColumn } from '../../shared/PageColumn';

/** /clean-services 'Clean Services Page' (spec section 2): the trip duration only (arrival, departure, duration). */
export function CleanServicesPage() {
  usePageMeta({
    title: 'Clean Services Page',
    description: 'Diagnostic page of the services form.',
    path: '/clean-services',
  });
  const [arrival, setArrival] = useState('');
  const [departure, setDeparture] = useState('');
  const days = tripDurationDays(arrival, departure);
  return (
    <PageColumn maxW="3xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Clean Services Page
        </Heading>
        <Card.Root as="section" aria-label="Trip duration">
          <Card.Header>
            <Heading as="h2" size="lg">
              Trip duration
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                <DateTimePicker label="Arrival" value={arrival} onChange={setArrival} />
                <DateTimePicker label="Departure" value={departure} onChange={setDeparture} />
              </SimpleGrid>
              <TripDuration arrival={arrival} departure={departure} />
              {days !== null ? <Text>Trip duration: {daysText(days)}</Text> : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </PageColumn>
  );
}
