// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used.
import { startAfterPaint, startInTasks } from '@rampquote/web-kit/start-up';

const root = document.getElementById('root');

// The largest modules are evaluated in tasks of their own. The Chakra system (most of web-kit's start-up work) comes
// first, in three: its config (Chakra's theme modules), createSystem, and its global styles (unless the page arrived
// with them). It is the module web-kit's own import uses, as the shell provides web-kit to every remote. Eager: it
// travels in this entry script, not in one more chunk. A prerendered page (its markup is in #root) is painted before
// any of this runs.
const steps = [
  () => import('react-dom/client'),
  () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/config'),
  () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/system'),
  () => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/system').then((s) => s.buildGlobalStyles()),
  () => import('@rampquote/web-kit'),
  () => import('./bootstrap'),
];
void (root?.hasChildNodes() ? startAfterPaint(steps) : startInTasks(steps));
