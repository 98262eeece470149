import { renderFirstViews as render } from '@rampquote/web-kit/prerender/first-views';
import { LoginPage } from '../src/features/login/LoginPage';

/** The account pages whose first view is the same for every visitor (their own area, before their code runs). */
export function renderFirstViews() {
  return render({ '/login': { element: <LoginPage />, audience: 'visitor' } });
}
