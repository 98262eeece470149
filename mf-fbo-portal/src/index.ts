// Standalone page. Async boundary: shared singletons are negotiated before any of them is used.
const root = document.getElementById('root');

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The link page comes with its first view prerendered (link.html): that view is painted before the app's code is
 * evaluated (bootstrap.tsx renders in a task after that).
 */
async function startAfterPaint() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask();
  await import('./bootstrap');
}

if (root?.hasChildNodes()) void startAfterPaint();
else void import('./bootstrap');
