import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE, CATALOGUE_CALL, FBO_ID, PAGE_CALL, pageData, TOKEN } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { DECLINE_LOAD_FAILED } from '../estimate-errors';
import { EstimatePage } from './EstimatePage';

// The decline dialog is a chunk of its own, loaded when the FBO reaches for "Decline request". Here its first load
// fails while the connection is lost (webpack rejects the import; the module registry keeps no failed module), and the
// next attempt after it is back loads it.
let offline = true;
jest.mock('./DeclineDialog', () => {
  if (offline) throw new Error('Loading chunk decline-dialog failed.');
  return jest.requireActual('./DeclineDialog');
});

afterEach(() => clearToasts());

it('says so when the decline dialog cannot be loaded, keeps what was typed, opens it on the next tap and gives focus back when it closes', async () => {
  fakeApi({ [PAGE_CALL]: { status: 200, body: pageData() }, [CATALOGUE_CALL]: { status: 200, body: CATALOGUE } });
  renderRoutes([{ path: '/', element: <EstimatePage source={{ kind: 'link', fboId: FBO_ID, token: TOKEN }} /> }], '/');
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('form', { name: 'Enter Your Estimated Pricing for Requested Services Below', busy: false });
  const coffee = within(screen.getByRole('region', { name: 'Coffee' })).getByRole('spinbutton', {
    name: /for Coffee$/,
  });
  await user.type(coffee, '3.5');

  await user.click(screen.getByRole('button', { name: 'Decline request' }));
  expect(await screen.findByText(DECLINE_LOAD_FAILED)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(coffee).toHaveValue(3.5);

  offline = false;
  const decline = screen.getByRole('button', { name: 'Decline request' });
  await user.click(decline);
  const dialog = await screen.findByRole('dialog', { name: 'Decline this request' });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  // The button was busy (disabled) while the dialog loaded; closing still gives focus back to it.
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(decline).toHaveFocus());
  expect(coffee).toHaveValue(3.5);
});
