import { Box, Heading, Link, RouterLink, Stack, Text } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  paragraphs: ReactNode[];
}

/** The date line and the numbered sections of a legal page. */
export function LegalDocument({
  dateLabel,
  date,
  isoDate,
  sections,
}: {
  dateLabel: string;
  date: string;
  isoDate: string;
  sections: readonly LegalSection[];
}) {
  return (
    <Stack gap="6" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3" p={{ base: '5', md: '8' }}>
      <Text color="fg.muted" fontWeight="medium">
        {dateLabel}: <time dateTime={isoDate}>{date}</time>
      </Text>
      {sections.map((section, index) => (
        <Box as="section" key={section.heading} aria-labelledby={`legal-section-${index + 1}`}>
          <Heading as="h2" id={`legal-section-${index + 1}`} size="lg" mb="2">
            {index + 1}. {section.heading}
          </Heading>
          <Stack gap="2" color="fg.muted">
            {section.paragraphs.map((paragraph, i) => (
              <Text key={i}>{paragraph}</Text>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** "our support page" link used in the contact sections. */
export function SupportLink({ children = 'support page' }: { children?: ReactNode }) {
  return (
    <Link asChild color="brand.fg" textDecoration="underline">
      <RouterLink to="/support">{children}</RouterLink>
    </Link>
  );
}
