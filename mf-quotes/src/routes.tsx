import type { RouteObject } from '@rampquote/web-kit';

/** This remote's routes (exposed as `./routes`). Empty until its pages are built; the shell shows its 404 meanwhile. */
export const routes: RouteObject[] = [];

export default routes;
