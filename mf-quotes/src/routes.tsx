import type { RouteObject } from '@rampquote/web-kit';
import { requestRoutes } from './request-routes';
import { trackingRoutes } from './tracking-routes';

/**
 * This remote's routes (exposed as `./routes`; the shell renders them behind this remote's error boundary and
 * Suspense). The app layer composes the features: asking for quotes (form, review, legacy wizard, diagnostic
 * pages) and following them (My Quotes, quote details with the price comparison).
 */
export const routes: RouteObject[] = [...requestRoutes, ...trackingRoutes];

export default routes;
