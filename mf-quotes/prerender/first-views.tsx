import { renderFirstViews as render } from '@rampquote/web-kit/prerender/first-views';
import { HistoryPage } from '../src/features/history/HistoryPage';

/** The quote pages whose first view is the same for every signed-in user (before their requests have arrived). */
export function renderFirstViews() {
  return render({ '/history': { element: <HistoryPage />, audience: 'signed-in' } });
}
