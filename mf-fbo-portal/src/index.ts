// Standalone page. Async boundary: shared singletons are negotiated before any of them is used.
const root = document.getElementById('root');

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The link page comes with its first view prerendered (link.html): that view is painted before the app's code runs,
 * and the largest modules are evaluated in tasks of their own, the main thread free in between.
 */
async function startAfterPaint() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask();
  // Chakra's system and the page's providers (what the web-kit part of the page costs to evaluate).
  await import(/* webpackExports: ["WebKitProvider"] */ '@rampquote/web-kit');
  await nextTask();
  await import('./bootstrap');
}

if (root?.hasChildNodes()) void startAfterPaint();
else void import('./bootstrap');
