import { Button, Card, Heading, RouterLink, Stack, Text, useLocation } from '@rampquote/web-kit';

/** What a visitor sees instead of a signed-in form (spec section 2): 'Please log in to continue' and 'Go to Login'. */
export function LoginPrompt({ title }: { title: string }) {
  const { pathname, search } = useLocation();
  const returnPath = encodeURIComponent(pathname + search);
  return (
    <Card.Root maxW="md" mx="auto" mt="8">
      <Card.Body>
        <Stack gap="4" align="flex-start">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <Text>Please log in to continue</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to={`/login?returnPath=${returnPath}`}>Go to Login</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
