// Standalone page. Async boundary: shared singletons are negotiated before any of them is used.
import { startAfterPaint, startInTasks } from '@rampquote/web-kit/start-up';

const root = document.getElementById('root');

// The Chakra system (the largest part of the start-up work) is evaluated in tasks of its own: its config (Chakra's
// theme modules), createSystem, its global styles (unless the page arrived with them); then the page's code
// (bootstrap.tsx renders in a task after that). Eager: the system travels in this entry script, not in one more chunk.
// The link page comes with its first view prerendered (link.html): that view is painted first.
const steps = [
  () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/config'),
  () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/system'),
  () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/system').then((s) => s.buildGlobalStyles()),
  () => import('./bootstrap'),
];
void (root?.hasChildNodes() ? startAfterPaint(steps) : startInTasks(steps));
