// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used.
const root = document.getElementById('root');

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The landing page comes prerendered (its markup is in #root): its first frame is painted before the app's code
 * runs, and the largest modules are evaluated in tasks of their own, the main thread free in between.
 */
async function startAfterPaint() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('@rampquote/web-kit');
  await nextTask();
  await import('./bootstrap');
}

if (root?.hasChildNodes()) void startAfterPaint();
else void import('./bootstrap');
