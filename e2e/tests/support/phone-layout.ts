import { expect, type Locator, type Page } from '@playwright/test';

/** The least room a page leaves between its heading and the screen's left edge on a phone. */
const PHONE_SIDE_MARGIN_PX = 12;

/** On a phone-wide viewport: the page does not scroll sideways, and `heading` does not touch the screen's edge. */
export async function expectFitsPhone(page: Page, heading: Locator) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
  const box = await heading.boundingBox();
  expect(box, 'the heading is laid out').not.toBeNull();
  expect(box!.x, 'the heading touches the edge of the screen').toBeGreaterThanOrEqual(PHONE_SIDE_MARGIN_PX);
}
