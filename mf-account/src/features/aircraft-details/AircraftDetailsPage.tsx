import { Container, Heading, Text, useNavigate, usePageMeta } from '@rampquote/web-kit';
import { toastAircraftSuccess } from '../../shared/aircraft-toasts';
import {
  AircraftDetailsStep,
  type AircraftDetailsTab,
} from '../../shared/components/aircraft-details-step/AircraftDetailsStep';

/** Where the quote flow continues after the aircraft step (the quote flow itself comes later). */
export const AFTER_AIRCRAFT_PATH = '/rfi-form';

/** /aircraftinfo (Saved tab first) and /new-aircraft (where an empty saved list sends the user: New tab). */
export function AircraftDetailsPage({ initialTab = 'saved' }: { initialTab?: AircraftDetailsTab }) {
  const path = initialTab === 'new' ? '/new-aircraft' : '/aircraftinfo';
  usePageMeta({
    title: initialTab === 'new' ? 'New Aircraft' : 'Aircraft Details',
    description:
      initialTab === 'new'
        ? 'Describe a new aircraft for your quote request.'
        : 'Choose or describe the aircraft for your quote request.',
    path,
  });
  const navigate = useNavigate();
  return (
    <Container maxW="4xl" py="10">
      <Heading as="h1" size="2xl" mb="2">
        Aircraft Details
      </Heading>
      <Text color="fg.muted" mb="6">
        Choose the aircraft for this request, or describe a new one.
      </Text>
      <AircraftDetailsStep
        initialTab={initialTab}
        onComplete={({ aircraft, saved }) => {
          if (saved) toastAircraftSuccess('Aircraft saved');
          void navigate(AFTER_AIRCRAFT_PATH, { state: { aircraftId: aircraft.id } });
        }}
      />
    </Container>
  );
}
