import type { Page } from '@playwright/test';

/**
 * How the page fetched the requests whose path starts with `pathPrefix`: one initiator per request, in order
 * ('link' is a preload from the HTML, 'fetch' the page's own code).
 */
export const requestInitiators = (page: Page, pathPrefix: string) =>
  page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith(prefix))
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    pathPrefix,
  );
