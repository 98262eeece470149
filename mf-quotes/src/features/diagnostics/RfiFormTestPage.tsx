import { Alert, Box, Heading, Link, List, RouterLink, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { duplicateIds } from './duplicate-ids';
import { PageColumn } from '../../shared/PageColumn';

/** Re-checks after the form's content changes settle (lists load, sections open). */
const RECHECK_DELAY_MS = 100;

/**
 * /rfi-form-test 'RFI Form Test' (spec section 2): renders the Request for Quote form (given by the app layer) and
 * checks that no two of its elements share an id — 'Duplicate IDs Detected' with the ids, or 'No Duplicates Found'.
 */
export function RfiFormTestPage({ children }: { children: ReactNode }) {
  usePageMeta({
    title: 'RFI Form Test',
    description: 'Diagnostic page of the Request for Quote form.',
    path: '/rfi-form-test',
  });
  const container = useRef<HTMLDivElement>(null);
  const [duplicates, setDuplicates] = useState<string[] | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setDuplicates(duplicateIds(root)), RECHECK_DELAY_MS);
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['id'] });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);

  return (
    <PageColumn maxW="4xl">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            RFI Form Test
          </Heading>
          <Text color="fg.muted">
            Checks the rendered Request for Quote form for duplicate element ids.{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/rfi-form">Open the Request for Quote form</RouterLink>
            </Link>
          </Text>
        </Stack>
        <Box aria-live="polite">
          {duplicates === null ? (
            <Text color="fg.muted">Checking...</Text>
          ) : duplicates.length ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Duplicate IDs Detected</Alert.Title>
                <Alert.Description>
                  <List.Root ps="4">
                    {duplicates.map((id) => (
                      <List.Item key={id}>{id}</List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>No Duplicates Found</Alert.Title>
            </Alert.Root>
          )}
        </Box>
        <Box ref={container} borderTopWidth="1px" borderColor="border.muted" pt="6">
          {children}
        </Box>
      </Stack>
    </PageColumn>
  );
}
