import { Button, Card, Heading, Text } from '@rampquote/web-kit';

/** The background-video upload (10 MB), marked coming soon (spec section 2). */
export function VideoBackgroundCard() {
  return (
    <Card.Root as="section" aria-labelledby="video-heading" opacity={0.8}>
      <Card.Header>
        <Heading as="h2" size="lg" id="video-heading">
          Background Video{' '}
          <Text as="span" fontSize="sm" color="fg.muted">
            (coming soon)
          </Text>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Text color="fg.muted">Upload a looping background video of up to 10 MB for every page. Coming soon.</Text>
      </Card.Body>
      <Card.Footer>
        <Button disabled variant="outline">
          Upload Video
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
