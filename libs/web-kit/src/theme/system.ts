import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { theme } from './config';

/** The one Chakra system (its config and recipes: config.ts). */
export const system = createSystem(defaultBaseConfig, theme);

/** The global styles' own sheet as a prerender leaves it in the page (hoistStyles): it holds the tokens' variables. */
export function holdsPrerenderedGlobalStyles(doc: Document): boolean {
  return [...doc.querySelectorAll('style[data-emotion^="css-global "]')].some((style) =>
    style.textContent?.includes('--chakra-colors-bg:'),
  );
}

// The global styles (the reset, the tokens' variables) are a third of the system's start-up work; Chakra builds them
// when first read (patches/). A prerendered page has them already, and the provider is given none to add.
const prerendered = typeof document !== 'undefined' && holdsPrerenderedGlobalStyles(document);
if (prerendered) system._global = [];

/**
 * Builds the global styles now, unless the page arrived with them: a page's start-up calls it in a task of its own,
 * rather than leaving them to the first render's task (they are built when first read otherwise).
 */
export function buildGlobalStyles(): void {
  if (!prerendered) void system._global;
}
