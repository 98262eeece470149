import { expect, test } from '@playwright/test';

const TWO_MB = 2 * 1024 * 1024;

test('a muted, looping, inline background video plays behind the pages and pauses while the tab is hidden', async ({
  page,
}) => {
  await page.goto('/faq');
  const video = page.getByTestId('background-video');
  await expect(video).toBeAttached();
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      loop: v.loop,
      playsInline: v.playsInline,
      paused: v.paused,
      src: v.currentSrc,
    }));
  await expect.poll(async () => (await state()).paused, { message: 'the video plays' }).toBe(false);
  const playing = await state();
  expect(playing).toMatchObject({ muted: true, loop: true, playsInline: true });
  expect(playing.src).toMatch(/\.(webm|mp4)$/);

  // Hide the tab, as the browser does when the user switches away.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(async () => (await state()).paused).toBe(true);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(async () => (await state()).paused).toBe(false);
});

test('users who prefer reduced motion get the still image, not the video', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByTestId('background-video')).toHaveCount(0);
  const still = page.getByTestId('background-still');
  await expect(still).toBeAttached();
  await expect
    .poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('the video files and the still are small and served with their types', async ({ page, request }) => {
  await page.goto('/');
  // The shell's first render is a transition: the video is in the page once it has rendered, not at load.
  await expect(page.locator('[data-testid="background-video"] source')).toHaveCount(2);
  const sources = await page
    .locator('[data-testid="background-video"] source')
    .evaluateAll((els) =>
      els.map((el) => ({ src: (el as HTMLSourceElement).src, type: (el as HTMLSourceElement).type })),
    );
  expect(sources.map((s) => s.type)).toEqual(['video/webm', 'video/mp4']);
  const poster = await page.getByTestId('background-video').getAttribute('poster');
  for (const { src, type } of [...sources, { src: new URL(poster!, page.url()).toString(), type: 'image/jpeg' }]) {
    const response = await request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(type);
    expect((await response.body()).length).toBeLessThan(TWO_MB);
  }
});

test('the home hero shows the grayscale image under the 70 % overlay', async ({ page }) => {
  await page.goto('/');
  const image = page.getByTestId('hero-image');
  await expect(image).toHaveCSS('filter', 'grayscale(1)');
  await expect(page.getByTestId('hero-overlay')).toHaveCSS('opacity', '0.7');
  expect(
    await page
      .getByRole('region', { name: 'Never overpay for FBO services again' })
      .evaluate((el) => el.getBoundingClientRect().height),
  ).toBeGreaterThanOrEqual(600);
});
