import { aircraftProfileName, type AircraftDto, type UpdateAircraftRequest } from '@rampquote/contracts';
import { Button, Checkbox, Dialog, Field, FormInput, Portal, Stack, Text } from '@rampquote/web-kit';
import { useEffect, useRef, useState } from 'react';

interface Props {
  aircraft: AircraftDto | null;
  saving: boolean;
  onSave: (aircraft: AircraftDto, patch: UpdateAircraftRequest) => void;
  onDelete: (aircraft: AircraftDto) => void;
  onClose: () => void;
}

/**
 * "Edit Aircraft": name, tail number (uppercased; a change regenerates the name) and the default flag. Delete
 * opens the confirmation. The default cannot be unset here (star another aircraft instead).
 */
export function EditAircraftDialog({ aircraft, saving, onSave, onDelete, onClose }: Props) {
  const [name, setName] = useState('');
  const [tailNumber, setTailNumber] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!aircraft) return;
    setName(aircraft.name);
    setTailNumber(aircraft.tailNumber ?? '');
    setIsDefault(aircraft.isDefault);
  }, [aircraft]);

  const submit = () => {
    if (!aircraft) return;
    const patch: UpdateAircraftRequest = {};
    const tail = tailNumber.trim().toUpperCase();
    if (tail !== (aircraft.tailNumber ?? '')) patch.tailNumber = tail;
    if (name.trim() !== aircraft.name) patch.name = name.trim();
    if (isDefault && !aircraft.isDefault) patch.isDefault = true;
    onSave(aircraft, patch);
  };

  return (
    <Dialog.Root
      open={aircraft !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      initialFocusEl={() => nameInput.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              aria-label="Edit Aircraft"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Edit Aircraft</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {aircraft ? (
                    <Text color="fg.muted">
                      {aircraft.make} {aircraft.model}
                    </Text>
                  ) : null}
                  <Field.Root>
                    <Field.Label>Name</Field.Label>
                    <FormInput ref={nameInput} value={name} onChange={(e) => setName(e.target.value)} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Tail Number</Field.Label>
                    <FormInput
                      value={tailNumber}
                      autoComplete="off"
                      onChange={(e) => {
                        const tail = e.target.value.toUpperCase();
                        setTailNumber(tail);
                        if (aircraft) setName(aircraftProfileName(aircraft.model, tail));
                      }}
                    />
                  </Field.Root>
                  <Checkbox.Root
                    checked={isDefault}
                    disabled={aircraft?.isDefault}
                    onCheckedChange={(details) => setIsDefault(details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Default aircraft</Checkbox.Label>
                  </Checkbox.Root>
                  {aircraft?.isDefault ? (
                    <Text fontSize="sm" color="fg.muted">
                      This is your default aircraft. To change it, star another aircraft.
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer justifyContent="space-between">
                <Button variant="outline" colorPalette="red" onClick={() => aircraft && onDelete(aircraft)}>
                  Delete
                </Button>
                <Stack direction="row" gap="2">
                  <Button variant="ghost" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…">
                    Save Changes
                  </Button>
                </Stack>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
