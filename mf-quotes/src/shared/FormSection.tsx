import { Card, Heading } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

/** A titled card of a quote form (a section named by its heading). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card.Root as="section" aria-labelledby={id} minW="0">
      <Card.Header>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
