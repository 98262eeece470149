import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { dayFromToday } from '../../test/request-fixtures';
import { CleanServicesFormPage } from './CleanServicesFormPage';
import { CleanServicesPage } from './CleanServicesPage';
import { RfiFormTestPage } from './RfiFormTestPage';
import { duplicateIds } from './duplicate-ids';

const visitor = { 'GET /api/auth/me': { status: 401 } };

describe('Diagnostic pages', () => {
  it("/rfi-form-test says 'Duplicate IDs Detected' and lists them", async () => {
    fakeApi(visitor);
    renderRoutes(
      [
        {
          path: '/rfi-form-test',
          element: (
            <RfiFormTestPage>
              <input id="arrival" aria-label="one" />
              <input id="arrival" aria-label="two" />
              <input id="departure" aria-label="three" />
            </RfiFormTestPage>
          ),
        },
      ],
      '/rfi-form-test',
    );
    expect(screen.getByRole('heading', { name: 'RFI Form Test' })).toBeInTheDocument();
    expect(document.title).toBe('RFI Form Test | RampQuote');
    expect(await screen.findByText('Duplicate IDs Detected')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['arrival']);
    expect(screen.queryByText('No Duplicates Found')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open the Request for Quote form' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfi-form');
  });

  it('finds each duplicated id once', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<p id="a"></p><p id="b"></p><p id="a"></p><p id="a"></p><p id=""></p><p id="c"></p><p id="c"></p>';
    expect(duplicateIds(root)).toEqual(['a', 'c']);
  });

  it("/clean-form 'Clean Services Form' shows the fuel and services fields and what they request", async () => {
    fakeApi(visitor);
    renderRoutes([{ path: '/clean-form', element: <CleanServicesFormPage /> }], '/clean-form');
    expect(screen.getByRole('heading', { name: 'Clean Services Form', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Clean Services Form | RampQuote');
    expect(screen.getByText('None yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Potable water' }));
    await user.click(screen.getByRole('checkbox', { name: 'Jet A-1' }));
    expect(
      within(screen.getByTestId('requested-services'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fuel: Jet A-1', 'Potable water (5 gal)']);
  });

  it("/clean-services 'Clean Services Page' shows the trip duration only", () => {
    fakeApi(visitor);
    renderRoutes([{ path: '/clean-services', element: <CleanServicesPage /> }], '/clean-services');
    expect(screen.getByRole('heading', { name: 'Clean Services Page', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Clean Services Page | RampQuote');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Arrival date'), { target: { value: dayFromToday(1) } });
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: dayFromToday(4) } });
    expect(screen.getByText(/Duration at destination/)).toHaveTextContent('Duration at destination: 3 days 0 hours');
    expect(screen.getByText('Trip duration: 3 days')).toBeInTheDocument();
  });
});
