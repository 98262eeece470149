import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { DEMO_PASSWORD, KSEA_FBO_USER, PILOT, signIn } from './support/session';
import { newFboLink, type FboLink } from './support/fbo-link';
import { expectFitsPhone } from './support/phone-layout';

// axe-core on the main pages, as a visitor, a pilot, an admin and an FBO member, on a desktop (1280 px) and a phone
// (375 px): no critical, serious or moderate violation, and at 375 px no sideways scrolling and a side margin.

const ADMIN = { email: 'admin@rampquote.dev', password: DEMO_PASSWORD };
const WIDTHS = [1280, 375] as const;

const violations = (page: Page) => axeViolations(page, ['critical', 'serious', 'moderate']);

type Who = 'visitor' | 'pilot' | 'admin' | 'FBO member';
const ACCOUNTS = { pilot: PILOT, admin: ADMIN, 'FBO member': KSEA_FBO_USER } as const;

/** Each page with the h1 it shows once loaded; `path` may need the request made in beforeAll. */
const PAGES: { who: Who; path: (link: FboLink) => string; name: string; heading: RegExp }[] = [
  { who: 'visitor', name: '/', path: () => '/', heading: /Never overpay for FBO services again/ },
  { who: 'visitor', name: '/login', path: () => '/login', heading: /./ },
  { who: 'visitor', name: 'the FBO link page', path: (l) => l.path, heading: /./ },
  { who: 'pilot', name: '/rfi-form', path: () => '/rfi-form', heading: /./ },
  { who: 'pilot', name: '/history', path: () => '/history', heading: /My Quotes/ },
  { who: 'pilot', name: '/quote-details/{id}', path: (l) => `/quote-details/${l.quoteRequestId}`, heading: /./ },
  { who: 'pilot', name: '/account/profile', path: () => '/account/profile', heading: /./ },
  { who: 'pilot', name: '/account/aircraft', path: () => '/account/aircraft', heading: /./ },
  { who: 'pilot', name: '/account/billing', path: () => '/account/billing', heading: /./ },
  { who: 'pilot', name: '/billing', path: () => '/billing', heading: /./ },
  { who: 'pilot', name: '/subscription', path: () => '/subscription', heading: /./ },
  { who: 'admin', name: '/admin', path: () => '/admin', heading: /Admin Dashboard/ },
  { who: 'FBO member', name: '/fbo-portal', path: () => '/fbo-portal', heading: /./ },
];

let link: FboLink;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  link = await newFboLink(baseURL!);
});
test.afterAll(async () => {
  await link?.cleanUp();
});

for (const { who, name, path, heading } of PAGES) {
  for (const width of WIDTHS) {
    test(`${name} as ${who} at ${width} px: no critical, serious or moderate accessibility violation${width < 400 ? ', no sideways scrolling, a side margin' : ''}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 400 ? 812 : 900 });
      if (who !== 'visitor') await signIn(page, ACCOUNTS[who]);
      await page.goto(path(link));
      const h1 = page.getByRole('heading', { level: 1, name: heading }).first();
      await expect(h1).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Entrance transitions finished before colours are measured.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      );
      expect(await violations(page)).toEqual([]);
      if (width < 400) await expectFitsPhone(page, h1);
    });
  }
}
