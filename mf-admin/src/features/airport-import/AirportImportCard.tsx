import type { ImportError } from '@rampquote/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  chakra,
  errorMessage,
  Heading,
  HStack,
  Spinner,
  Stack,
  Text,
  toast,
} from '@rampquote/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useAdminImportAirportsMutation, useAdminImportStatusQuery } from './airport-import-api';
import { checkCsvFile } from '../../shared/csv-upload';
import { completedDescription } from './import-summary';

/** While an import runs, the status is polled this often (spec section 9). */
export const IMPORT_STATUS_POLL_MS = 2000;
export const IMPORT_FAILED_TEXT = 'There was an error importing airports. Please try again.';

function ErrorList({ errors, total }: { errors: ImportError[]; total: number }) {
  if (!errors.length) return null;
  return (
    <Box>
      <Text fontWeight="semibold">Lines not imported ({total})</Text>
      <chakra.ul
        listStyleType="none"
        maxH="40"
        overflowY="auto"
        fontSize="sm"
        color="fg.muted"
        aria-label="Lines not imported"
      >
        {errors.map((e) => (
          <li key={`${e.line}-${e.reason}`}>
            Line {e.line}: {e.reason}
          </li>
        ))}
      </chakra.ul>
    </Box>
  );
}

/** Airport import: status (Not Imported / Complete, count, last import), default import and CSV upload. */
export function AirportImportCard() {
  /** The background import started here, until its end has been toasted. */
  const [watchId, setWatchId] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const status = useAdminImportStatusQuery(undefined, {
    pollingInterval: polling || watchId ? IMPORT_STATUS_POLL_MS : 0,
  });
  const [runImport, { isLoading: sending }] = useAdminImportAirportsMutation();
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const running = status.data?.status.running ?? false;

  // Poll while any import runs (also one started elsewhere).
  useEffect(() => setPolling(running), [running]);

  // The end of the import started here: its result is the status's last result.
  useEffect(() => {
    const data = status.data;
    if (!watchId || !data || data.status.running) return;
    const last = data.status.lastResult;
    if (last?.id !== watchId) return;
    // Toasted after this render (the toaster updates its own state synchronously).
    queueMicrotask(() => {
      if (last.status === 'completed')
        toast({
          title: 'Import Completed',
          description: completedDescription(last.imported, last.errorCount, last.skipped),
          type: 'success',
        });
      else toast({ title: 'Import Failed', description: IMPORT_FAILED_TEXT, type: 'error' });
    });
    setWatchId(null);
  }, [watchId, status.data]);

  async function start(selected: File | null) {
    try {
      const result = await runImport(selected).unwrap();
      if (result.started) {
        setWatchId(result.importId);
        toast({
          title: 'Import Started',
          description: 'The airports are being imported. The status updates as it runs.',
          type: 'info',
        });
      } else {
        toast({
          title: 'Import Completed',
          description: completedDescription(result.imported, result.errorCount, result.skipped),
          type: 'success',
        });
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      }
      return true;
    } catch (err) {
      return err;
    }
  }

  async function defaultImport() {
    const outcome = await start(null);
    if (outcome !== true)
      toast({ title: 'Import Failed', description: errorMessage(outcome) || IMPORT_FAILED_TEXT, type: 'error' });
  }

  async function upload() {
    const check = checkCsvFile(file);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, type: 'error' });
      return;
    }
    const outcome = await start(file);
    if (outcome !== true)
      toast({ title: 'Upload Failed', description: errorMessage(outcome) || IMPORT_FAILED_TEXT, type: 'error' });
  }

  const data = status.data;
  const last = data?.status.lastResult;
  return (
    <Card.Root as="section" aria-labelledby="airport-import-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="airport-import-heading">
          Airport Data
        </Heading>
        <Text color="fg.muted">Import the built-in US airports file, or upload a CSV of up to 10 MB.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Box aria-live="polite" data-testid="import-status">
            {status.isLoading ? (
              <HStack>
                <Spinner size="sm" /> <Text>Loading status...</Text>
              </HStack>
            ) : status.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>Error loading status</Alert.Title>
                <Alert.Description>{errorMessage(status.error)}</Alert.Description>
              </Alert.Root>
            ) : data ? (
              <Stack gap="1">
                <Text>
                  Status:{' '}
                  <strong>
                    {data.status.running ? 'Importing...' : data.status.importComplete ? 'Complete' : 'Not Imported'}
                  </strong>
                </Text>
                {data.status.progress ? (
                  <Text color="fg.muted">
                    {data.status.progress.processed.toLocaleString('en-US')} of{' '}
                    {data.status.progress.total.toLocaleString('en-US')} rows
                  </Text>
                ) : null}
                <Text>
                  Airports: <strong data-testid="airport-count">{data.counts.airports.toLocaleString('en-US')}</strong>
                </Text>
                {data.status.lastImport ? (
                  <Text color="fg.muted">Last import: {new Date(data.status.lastImport).toLocaleString('en-US')}</Text>
                ) : null}
                {last && !data.status.running ? (
                  <Text color="fg.muted" data-testid="last-result">
                    Last result:{' '}
                    {last.status === 'failed'
                      ? `failed (${last.failure ?? 'unknown error'})`
                      : completedDescription(last.imported, last.errorCount, last.skipped)}
                  </Text>
                ) : null}
                {last && !data.status.running ? <ErrorList errors={last.errors} total={last.errorCount} /> : null}
              </Stack>
            ) : null}
          </Box>
          <HStack gap="3" flexWrap="wrap">
            <Button onClick={defaultImport} loading={sending && !file} disabled={running || sending}>
              Import US Airports
            </Button>
            {status.isError ? (
              <Button variant="outline" onClick={() => status.refetch()}>
                Retry
              </Button>
            ) : null}
          </HStack>
          <Stack gap="2" as="form" onSubmit={(e: React.FormEvent) => (e.preventDefault(), void upload())}>
            <chakra.label htmlFor="airport-file" fontWeight="medium">
              Airport CSV file
            </chakra.label>
            <chakra.input
              id="airport-file"
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
              fontSize="sm"
            />
            <Text fontSize="sm" color="fg.muted">
              Columns: ident or identifier/icao, iata_code or iata/code, name, municipality or city, iso_region or
              state, iso_country or country.
            </Text>
            <Box>
              <Button type="submit" variant="outline" loading={sending && Boolean(file)} disabled={running || sending}>
                Upload CSV
              </Button>
            </Box>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
