import type { AdminFboDto } from '@rampquote/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  chakra,
  errorMessage,
  Field,
  FormInput,
  Heading,
  HStack,
  isApiError,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  toast,
} from '@rampquote/web-kit';
import { useRef, useState } from 'react';
import { checkCsvFile, plural } from '../../shared/csv-upload';
import { FboMembersPanel } from './FboMembersPanel';
import {
  useAdminFbosCreateMutation,
  useAdminFbosImportMutation,
  useAdminFbosListQuery,
  useAdminFbosUpdateMutation,
} from './fbo-directory-api';

type FboFields = { airport: string; name: string; email: string; phone: string };
const EMPTY: FboFields = { airport: '', name: '', email: '', phone: '' };

function fieldErrors(err: unknown): Record<string, string> {
  const details = isApiError(err) ? (err.body?.details ?? []) : [];
  return Object.fromEntries(details.filter((d) => d.field).map((d) => [d.field as string, d.message]));
}

function FboRow({ fbo }: { fbo: AdminFboDto }) {
  const [update, { isLoading }] = useAdminFbosUpdateMutation();
  const [editing, setEditing] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  const [fields, setFields] = useState({ name: fbo.name, email: fbo.email, phone: fbo.phone ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(changes: Parameters<typeof update>[0]['changes'], done: string) {
    try {
      await update({ id: fbo.id, changes }).unwrap();
      setEditing(false);
      setErrors({});
      toast({ title: done, description: fbo.name, type: 'success' });
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Could not update the FBO', description: errorMessage(err), type: 'error' });
    }
  }

  if (editing) {
    return (
      <chakra.tr>
        <chakra.td colSpan={5} py="2">
          <HStack align="end" gap="2" flexWrap="wrap">
            {(['name', 'email', 'phone'] as const).map((key) => (
              <Field.Root key={key} invalid={Boolean(errors[key])} flex="1" minW="40">
                <Field.Label textTransform="capitalize">{key}</Field.Label>
                <FormInput
                  size="sm"
                  value={fields[key]}
                  onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
                />
                <Field.ErrorText>{errors[key]}</Field.ErrorText>
              </Field.Root>
            ))}
            <Button
              size="sm"
              loading={isLoading}
              onClick={() =>
                save({ name: fields.name, email: fields.email, phone: fields.phone || null }, 'FBO updated')
              }
            >
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </HStack>
        </chakra.td>
      </chakra.tr>
    );
  }
  return (
    <>
      <chakra.tr borderBottomWidth="1px" opacity={fbo.active ? 1 : 0.7}>
        <chakra.td py="2" pe="3">
          {fbo.name}
          <chakra.span display="block" fontSize="xs" color="fg.muted">
            {fbo.airport.identifier}
            {fbo.airport.code ? ` / ${fbo.airport.code}` : ''}
          </chakra.span>
        </chakra.td>
        <chakra.td pe="3">{fbo.email}</chakra.td>
        <chakra.td pe="3">{fbo.phone ?? ''}</chakra.td>
        <chakra.td pe="3">{fbo.active ? 'Active' : 'Inactive'}</chakra.td>
        <chakra.td>
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${fbo.name}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              loading={isLoading}
              onClick={() => save({ active: !fbo.active }, fbo.active ? 'FBO deactivated' : 'FBO activated')}
              aria-label={`${fbo.active ? 'Deactivate' : 'Activate'} ${fbo.name}`}
            >
              {fbo.active ? 'Deactivate' : 'Activate'}
            </Button>
            <Button
              size="xs"
              variant="outline"
              aria-expanded={showMembers}
              onClick={() => setShowMembers((shown) => !shown)}
              aria-label={`Members of ${fbo.name}`}
            >
              Members
            </Button>
          </HStack>
        </chakra.td>
      </chakra.tr>
      {showMembers ? (
        <chakra.tr borderBottomWidth="1px">
          <chakra.td colSpan={5}>
            <FboMembersPanel fbo={fbo} />
          </chakra.td>
        </chakra.tr>
      ) : null}
    </>
  );
}

/** The FBO directory: list by airport, add, edit, deactivate, import a CSV. */
export function FboDirectoryCard() {
  const [filter, setFilter] = useState('');
  const [airport, setAirport] = useState('');
  const list = useAdminFbosListQuery(airport);
  const [create, { isLoading: creating }] = useAdminFbosCreateMutation();
  const [importFbos, { isLoading: importing }] = useAdminFbosImportMutation();
  const [fields, setFields] = useState<FboFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    try {
      const fbo = await create({ ...fields, phone: fields.phone || null }).unwrap();
      setFields(EMPTY);
      setErrors({});
      toast({ title: 'FBO added', description: `${fbo.name} at ${fbo.airport.identifier}`, type: 'success' });
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Could not add the FBO', description: errorMessage(err), type: 'error' });
    }
  }

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    const check = checkCsvFile(file);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, type: 'error' });
      return;
    }
    try {
      const result = await importFbos(file!).unwrap();
      toast({
        title: 'Import Completed',
        description: `${plural(result.imported, 'FBO')} imported, ${plural(result.errorCount, 'error')}.`,
        type: 'success',
      });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      toast({ title: 'Upload Failed', description: errorMessage(err), type: 'error' });
    }
  }

  return (
    <Card.Root as="section" aria-labelledby="fbo-directory-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="fbo-directory-heading">
          FBO Directory
        </Heading>
        <Text color="fg.muted">FBOs offered to pilots at each airport.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setAirport(filter.trim().toUpperCase());
            }}
          >
            <HStack align="end" gap="3">
              <Field.Root flex="1">
                <Field.Label>Airport (identifier or IATA code)</Field.Label>
                <FormInput value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="KSEA" />
              </Field.Root>
              <Button type="submit" variant="outline">
                Show FBOs
              </Button>
            </HStack>
          </form>
          <Box overflowX="auto">
            {/* currentData: the list of the airport asked for, never the previous airport's while it loads */}
            {list.isFetching && !list.currentData ? (
              <Spinner size="sm" />
            ) : list.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>Error loading FBOs</Alert.Title>
                <Alert.Description>{errorMessage(list.error)}</Alert.Description>
              </Alert.Root>
            ) : list.currentData?.fbos.length ? (
              <chakra.table
                width="full"
                fontSize="sm"
                textAlign="start"
                aria-label={airport ? `FBOs at ${airport}` : 'Recently changed FBOs'}
              >
                <chakra.thead>
                  <chakra.tr textAlign="start" color="fg.muted">
                    <chakra.th textAlign="start">Name</chakra.th>
                    <chakra.th textAlign="start">E-mail</chakra.th>
                    <chakra.th textAlign="start">Phone</chakra.th>
                    <chakra.th textAlign="start">Status</chakra.th>
                    <chakra.th textAlign="start">Actions</chakra.th>
                  </chakra.tr>
                </chakra.thead>
                <chakra.tbody>
                  {list.currentData.fbos.map((fbo) => (
                    <FboRow key={`${fbo.id}-${fbo.active}-${fbo.name}-${fbo.email}-${fbo.phone}`} fbo={fbo} />
                  ))}
                </chakra.tbody>
              </chakra.table>
            ) : (
              <Text color="fg.muted">{airport ? `No FBOs at ${airport} yet.` : 'No FBOs yet.'}</Text>
            )}
          </Box>
          <form onSubmit={add} noValidate aria-labelledby="add-fbo-heading">
            <Stack gap="3">
              <Heading as="h3" size="md" id="add-fbo-heading">
                Add an FBO
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {(
                  [
                    ['airport', 'Airport'],
                    ['name', 'FBO name'],
                    ['email', 'FBO e-mail'],
                    ['phone', 'Phone (optional)'],
                  ] as const
                ).map(([key, label]) => (
                  <Field.Root key={key} invalid={Boolean(errors[key])}>
                    <Field.Label>{label}</Field.Label>
                    <FormInput value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
                    <Field.ErrorText>{errors[key]}</Field.ErrorText>
                  </Field.Root>
                ))}
              </SimpleGrid>
              <Box>
                <Button type="submit" loading={creating}>
                  Add FBO
                </Button>
              </Box>
            </Stack>
          </form>
          <form onSubmit={upload}>
            <Stack gap="2">
              <chakra.label htmlFor="fbo-file" fontWeight="medium">
                FBO CSV file (airport, name, email, phone)
              </chakra.label>
              <chakra.input
                id="fbo-file"
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                fontSize="sm"
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
              />
              <Box>
                <Button type="submit" variant="outline" loading={importing}>
                  Import FBOs
                </Button>
              </Box>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
