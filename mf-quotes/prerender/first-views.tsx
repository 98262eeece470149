import { renderFirstViews as render } from '@rampquote/web-kit/prerender/first-views';
import { HistoryPage } from '../src/features/history/HistoryPage';
import { RequestFormPage } from '../src/features/request-form/RequestFormPage';

/** The quote pages whose first view is the same for every signed-in user (before their own data has arrived). */
export function renderFirstViews() {
  return render({
    '/history': { element: <HistoryPage />, audience: 'signed-in' },
    '/rfi-form': { element: <RequestFormPage />, audience: 'signed-in' },
  });
}
