import { Box } from '@rampquote/web-kit';
import type { ComponentProps } from 'react';

/** A form page's centred column: its width (`maxW`), and the side and top margins it keeps on a phone's screen. */
export function PageColumn(props: ComponentProps<typeof Box>) {
  return <Box mx="auto" w="full" minW="0" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} {...props} />;
}
