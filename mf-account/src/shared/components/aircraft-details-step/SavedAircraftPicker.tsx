import type { AircraftDto } from '@rampquote/contracts';
import { Link, RadioGroup, RouterLink, Spinner, Stack, Text } from '@rampquote/web-kit';

interface Props {
  aircraft: AircraftDto[] | undefined;
  isLoading: boolean;
  selectedId: string | null;
  onSelect: (aircraft: AircraftDto) => void;
}

/** The Saved Aircraft tab: pick one of the user's aircraft (copied into the form). */
export function SavedAircraftPicker({ aircraft, isLoading, selectedId, onSelect }: Props) {
  if (isLoading) return <Spinner aria-label="Loading saved aircraft" />;
  if (!aircraft || aircraft.length === 0) {
    return (
      <Stack gap="2">
        <Text>You have no saved aircraft yet.</Text>
        <Link asChild color="brand.fg">
          <RouterLink to="/new-aircraft">Add a new aircraft</RouterLink>
        </Link>
      </Stack>
    );
  }
  return (
    <RadioGroup.Root
      value={selectedId}
      onValueChange={(details) => {
        const picked = aircraft.find((a) => a.id === details.value);
        if (picked) onSelect(picked);
      }}
      aria-label="Saved aircraft"
    >
      <Stack gap="3">
        {aircraft.map((a) => (
          <RadioGroup.Item key={a.id} value={a.id} borderWidth="1px" borderRadius="l2" p="3">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>
              {a.name} — {a.make} {a.model}
              {a.isDefault ? ' (default)' : ''}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
