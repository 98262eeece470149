// Standalone page. Async boundary: shared singletons are negotiated before any of them is used.
import { startAfterPaint, startInTasks } from '@rampquote/web-kit/start-up';

const root = document.getElementById('root');

// The Chakra system (createSystem, the largest part of the start-up work) is evaluated in a task of its own, then the
// page's code (bootstrap.tsx renders in a task after that). Eager: the system travels in this entry script, not in one
// more chunk. The link page comes with its first view prerendered (link.html): that view is painted first.
const steps = [() => import(/* webpackMode: "eager" */ '@rampquote/web-kit/theme/system'), () => import('./bootstrap')];
void (root?.hasChildNodes() ? startAfterPaint(steps) : startInTasks(steps));
