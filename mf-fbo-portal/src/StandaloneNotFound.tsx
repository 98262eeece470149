import { Button, Heading, RouterLink, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { PortalPage } from './shared/PortalPage';

/** The standalone page's answer to a path it does not serve. */
export function StandaloneNotFound() {
  usePageMeta({
    title: 'Page Not Found',
    description: 'RampQuote FBO Portal: answer quote requests from pilots and flight departments.',
  });
  return (
    <PortalPage brand>
      <Stack gap="4" mt="10">
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted">
          This address is not part of the RampQuote FBO Portal. Open the estimate link from your request e-mail, or go
          to your inbox.
        </Text>
        <Button asChild colorPalette="brand" size="lg" alignSelf="flex-start">
          <RouterLink to="/">Go to the FBO inbox</RouterLink>
        </Button>
      </Stack>
    </PortalPage>
  );
}
