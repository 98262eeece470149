import type { AircraftDto, UpdateAircraftRequest } from '@rampquote/contracts';
import {
  Box,
  Button,
  chakra,
  Heading,
  HStack,
  IconButton,
  Spinner,
  Stack,
  Text,
  useLocation,
  useNavigate,
} from '@rampquote/web-kit';
import { useEffect, useState } from 'react';
import {
  useAircraftDeleteMutation,
  useAircraftSetDefaultMutation,
  useAircraftUpdateMutation,
  useSavedAircraft,
} from '../../../shared/aircraft-api';
import { toastAircraftFailure, toastAircraftSuccess } from '../../../shared/aircraft-toasts';
import { ADD_AIRCRAFT_PARAM, takeOpenAddAircraftFlag } from '../open-add-aircraft';
import { AddAircraftDialog } from './AddAircraftDialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { EditAircraftDialog } from './EditAircraftDialog';

const Table = chakra('table');
const Th = chakra('th');
const Td = chakra('td');

/** The Aircraft tab of the account screen (spec section 2): the saved list, default first, and its dialogs. */
export function AircraftTab() {
  const { data: aircraft, isLoading, isError } = useSavedAircraft();
  const [setDefault, { isLoading: settingDefault, originalArgs: defaultingId }] = useAircraftSetDefaultMutation();
  const [update, { isLoading: updating }] = useAircraftUpdateMutation();
  const [remove, { isLoading: deleting }] = useAircraftDeleteMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AircraftDto | null>(null);
  const [confirming, setConfirming] = useState<AircraftDto | null>(null);

  const { search } = useLocation();
  const navigate = useNavigate();

  // The open-add-dialog intent (open-add-aircraft.ts): the flag of /account/aircraft/new or ?add=1, taken once.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const asked = params.get(ADD_AIRCRAFT_PARAM) === '1';
    if (takeOpenAddAircraftFlag() || asked) setAdding(true);
    if (asked) {
      params.delete(ADD_AIRCRAFT_PARAM);
      const rest = params.toString();
      void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
    }
  }, [search, navigate]);

  const onStar = async (a: AircraftDto) => {
    if (a.isDefault) return;
    try {
      await setDefault(a.id).unwrap();
      toastAircraftSuccess('Default Aircraft Updated', `${a.name} is now your default aircraft.`);
    } catch (error) {
      toastAircraftFailure('setDefault', error);
    }
  };

  const onSave = async (a: AircraftDto, patch: UpdateAircraftRequest) => {
    if (Object.keys(patch).length === 0) {
      setEditing(null);
      return;
    }
    try {
      const updated = await update({ id: a.id, patch }).unwrap();
      setEditing(null);
      toastAircraftSuccess('Aircraft updated', `${updated.name} has been updated.`);
    } catch (error) {
      toastAircraftFailure('update', error);
    }
  };

  const onConfirmDelete = async (a: AircraftDto) => {
    try {
      await remove(a.id).unwrap();
      setConfirming(null);
      setEditing(null);
      toastAircraftSuccess('Aircraft deleted', `${a.name || 'The aircraft'} has been removed.`);
    } catch (error) {
      toastAircraftFailure('delete', error);
    }
  };

  return (
    <Stack gap="5">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          My Aircraft
        </Heading>
        <Button colorPalette="brand" onClick={() => setAdding(true)}>
          Add Aircraft
        </Button>
      </HStack>

      {isLoading ? <Spinner aria-label="Loading aircraft" /> : null}
      {isError ? <Text color="fg.error">Your aircraft could not be loaded. Please refresh the page.</Text> : null}
      {aircraft && aircraft.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l2" p="6" textAlign="center">
          <Heading as="h3" size="md" mb="2">
            No Aircraft Found
          </Heading>
          <Text color="fg.muted">Add your first aircraft to make quote requests faster.</Text>
        </Box>
      ) : null}
      {aircraft && aircraft.length > 0 ? (
        <Box overflowX="auto">
          <Table w="full" textAlign="start" aria-label="Saved aircraft">
            <thead>
              <tr>
                <Th textAlign="start" py="2" px="3" borderBottomWidth="1px">
                  Tail Number
                </Th>
                <Th textAlign="start" py="2" px="3" borderBottomWidth="1px">
                  Make/Model
                </Th>
                <Th textAlign="end" py="2" px="3" borderBottomWidth="1px">
                  Actions
                </Th>
              </tr>
            </thead>
            <tbody>
              {aircraft.map((a) => (
                <tr key={a.id}>
                  <Td py="2" px="3" borderBottomWidth="1px">
                    {a.tailNumber ?? '—'}
                    {a.isDefault ? (
                      <Text as="span" ms="2" fontSize="xs" color="brand.fg">
                        Default
                      </Text>
                    ) : null}
                  </Td>
                  <Td py="2" px="3" borderBottomWidth="1px">
                    {a.make} {a.model}
                  </Td>
                  <Td py="2" px="3" borderBottomWidth="1px" textAlign="end">
                    <HStack gap="1" justify="flex-end">
                      <IconButton
                        aria-label={a.isDefault ? `${a.name} is the default aircraft` : `Set ${a.name} as default`}
                        aria-pressed={a.isDefault}
                        variant="ghost"
                        size="sm"
                        color={a.isDefault ? 'brand.fg' : 'fg.muted'}
                        loading={settingDefault && defaultingId === a.id}
                        onClick={() => void onStar(a)}
                      >
                        <span aria-hidden="true">{a.isDefault ? '★' : '☆'}</span>
                      </IconButton>
                      <Button size="sm" variant="ghost" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Delete ${a.name}`}
                        onClick={() => setConfirming(a)}
                      >
                        Delete
                      </Button>
                    </HStack>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Box>
      ) : null}

      <AddAircraftDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(created) => {
          setAdding(false);
          toastAircraftSuccess('Aircraft Added', `${created.name} has been added to your aircraft.`);
        }}
      />
      <EditAircraftDialog
        aircraft={confirming ? null : editing}
        saving={updating}
        onSave={(a, patch) => void onSave(a, patch)}
        onDelete={(a) => setConfirming(a)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog
        aircraft={confirming}
        deleting={deleting}
        onConfirm={(a) => void onConfirmDelete(a)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
