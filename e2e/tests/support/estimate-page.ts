import type { Page } from '@playwright/test';

// The FBO estimate page as an FBO reads it: one region per requested service, its price field named after it.

export const estimateSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The price field of a service section ("Price ... for Hangar Service"). */
export const priceOf = (page: Page, name: string) =>
  estimateSection(page, name).getByRole('spinbutton', { name: new RegExp(`for ${name}$`) });

/** The 'Unavailable' checkbox of a service: its whole label is the touch target. */
export const unavailableLabel = (page: Page, name: string) =>
  estimateSection(page, name).locator('label[data-part="root"]', { hasText: 'Unavailable' });
