// Standalone page. Async boundary: shared singletons are negotiated before any of them is used.
import { startAfterPaint } from '@rampquote/web-kit/start-up';

const root = document.getElementById('root');

// The link page comes with its first view prerendered (link.html): that view is painted before the app's code is
// evaluated. The Chakra system (createSystem, the largest part of that work) is evaluated in a task of its own, then
// the page's code (bootstrap.tsx renders in a task after that). Eager: the system travels in this entry script, not in
// one more chunk.
if (root?.hasChildNodes())
  void startAfterPaint([
    () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/system'),
    () => import('./bootstrap'),
  ]);
else void import('./bootstrap');
