import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../routes';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';

const user = (role: string) => ({
  id: 'u1',
  username: role,
  email: `${role}@rampquote.dev`,
  role,
  firstName: 'Ada',
  lastName: 'Admin',
  companyName: null,
});
const asAdmin = { 'GET /api/auth/me': { status: 200, body: user('admin') } };
const noInvites = { 'GET /api/admin/invites': { status: 200, body: { invites: [] } } };
const noFbos = { 'GET /api/admin/fbos': { status: 200, body: { fbos: [] } } };
const notImported = {
  status: 200,
  body: {
    status: { importComplete: false, lastImport: null, running: false, progress: null, lastResult: null },
    counts: { airports: 0 },
  },
};

afterEach(() => clearToasts());

function toastWith(title: string) {
  return screen
    .findByText(title, { selector: '[data-part="title"]' })
    .then((el) => el.closest('[data-part="root"]') as HTMLElement);
}

describe('Admin Dashboard guard', () => {
  it('sends visitors to /login with returnPath=/admin', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } });
    renderRoutes(routes, '/admin');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?returnPath=/admin');
  });

  it('sends signed-in non-admins to /', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 200, body: user('pilot') } });
    renderRoutes(routes, '/admin');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('Admin Dashboard landmarks', () => {
  it('adds no main landmark of its own (the page it is mounted in holds the one main)', async () => {
    fakeApi({ ...asAdmin, ...noInvites, ...noFbos, 'GET /api/admin/import-status': notImported });
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });
});

describe('Admin Dashboard airport import', () => {
  it('shows Not Imported, refuses an upload without a file or with another type, and sends nothing', async () => {
    const api = fakeApi({ ...asAdmin, ...noInvites, ...noFbos, 'GET /api/admin/import-status': notImported });
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(document.title).toMatch(/Admin Dashboard/);
    const status = await screen.findByTestId('import-status');
    await waitFor(() => expect(status).toHaveTextContent('Status: Not Imported'));
    expect(status).toHaveTextContent('Airports: 0');
    expect(screen.getByText(/coming soon/i, { selector: 'span' })).toBeInTheDocument();

    const u = userEvent.setup({ applyAccept: false });
    await u.click(screen.getByRole('button', { name: 'Upload CSV' }));
    expect(await toastWith('No File Selected')).toBeInTheDocument();
    clearToasts();
    await u.upload(screen.getByLabelText('Airport CSV file'), new File(['x'], 'airports.txt', { type: 'text/plain' }));
    await u.click(screen.getByRole('button', { name: 'Upload CSV' }));
    expect(await toastWith('Invalid File Type')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/import-airports')).toHaveLength(0);
  });

  it('uploads a CSV as multipart field airportFile and toasts Import Completed with the imported and error counts', async () => {
    let imported = false;
    const api = fakeApi({
      ...asAdmin,
      ...noInvites,
      ...noFbos,
      'GET /api/admin/import-status': () =>
        imported
          ? {
              status: 200,
              body: {
                status: {
                  importComplete: true,
                  lastImport: '2026-01-02T10:00:00.000Z',
                  running: false,
                  progress: null,
                  lastResult: {
                    id: 'i1',
                    source: 'upload:a.csv',
                    status: 'completed',
                    failure: null,
                    finishedAt: '2026-01-02T10:00:00.000Z',
                    imported: 2,
                    skipped: 0,
                    errorCount: 1,
                    errors: [{ line: 3, reason: 'Missing name' }],
                  },
                },
                counts: { airports: 2 },
              },
            }
          : notImported,
      'POST /api/admin/import-airports': () => {
        imported = true;
        return {
          status: 200,
          body: {
            started: false,
            imported: 2,
            skipped: 0,
            errors: [{ line: 3, reason: 'Missing name' }],
            errorCount: 1,
          },
        };
      },
    });
    renderRoutes(routes, '/admin');
    const u = userEvent.setup();
    await u.upload(
      await screen.findByLabelText('Airport CSV file'),
      new File(['ident,name\nKAAA,A\n'], 'airports.csv', { type: 'text/csv' }),
    );
    await u.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const toast = await toastWith('Import Completed');
    expect(within(toast).getByText('2 airports imported, 1 error.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/admin/import-airports');
    expect(call.contentType).toMatch(/^multipart\/form-data/);
    // (jsdom's File is not undici's Blob: the test sees the part's name, a browser also sends the file.)
    expect(call.text).toContain('name="airportFile"');
    const status = screen.getByTestId('import-status');
    await waitFor(() => expect(status).toHaveTextContent('Status: Complete'));
    expect(status).toHaveTextContent('Airports: 2');
    expect(within(status).getByText('Line 3: Missing name')).toBeInTheDocument();
  });

  it('starts the default import, polls the status every 2 s while it runs, then toasts Import Completed', async () => {
    const answers: FakeResponse[] = [
      notImported,
      {
        status: 200,
        body: {
          status: {
            importComplete: false,
            lastImport: null,
            running: true,
            progress: { processed: 5000, total: 24915 },
            lastResult: null,
          },
          counts: { airports: 5000 },
        },
      },
      {
        status: 200,
        body: {
          status: {
            importComplete: true,
            lastImport: '2026-01-02T10:00:00.000Z',
            running: false,
            progress: null,
            lastResult: {
              id: 'i1',
              source: 'built-in',
              status: 'completed',
              failure: null,
              finishedAt: '2026-01-02T10:00:00.000Z',
              imported: 24915,
              skipped: 0,
              errorCount: 0,
              errors: [],
            },
          },
          counts: { airports: 24915 },
        },
      },
    ];
    const api = fakeApi({
      ...asAdmin,
      ...noInvites,
      ...noFbos,
      'GET /api/admin/import-status': () => (answers.length > 1 ? answers.shift()! : answers[0]),
      'POST /api/admin/import-airports': { status: 202, body: { started: true, importId: 'i1' } },
    });
    renderRoutes(routes, '/admin');
    const status = await screen.findByTestId('import-status');
    await waitFor(() => expect(status).toHaveTextContent('Not Imported'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import US Airports' }));
    expect(await toastWith('Import Started')).toBeInTheDocument();
    await waitFor(() => expect(status).toHaveTextContent('5,000 of 24,915 rows'));
    const done = await toastWith('Import Completed');
    expect(within(done).getByText('24,915 airports imported, 0 errors.')).toBeInTheDocument();
    expect(status).toHaveTextContent('Status: Complete');
    expect(status).toHaveTextContent('Airports: 24,915');
    expect(api.callsTo('POST /api/admin/import-airports')[0].text).toBe('');
  });

  it('shows "Error loading status" and toasts "Upload Failed" with the server message', async () => {
    fakeApi({
      ...asAdmin,
      ...noInvites,
      ...noFbos,
      'GET /api/admin/import-status': { status: 500, body: { error: 'Internal server error' } },
      'POST /api/admin/import-airports': {
        status: 400,
        body: { error: 'Invalid CSV header', details: [{ message: 'The first line must name the columns' }] },
      },
    });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Error loading status')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.upload(screen.getByLabelText('Airport CSV file'), new File(['a,b'], 'x.csv', { type: 'text/csv' }));
    await u.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const toast = await toastWith('Upload Failed');
    expect(within(toast).getByText('Invalid CSV header: The first line must name the columns')).toBeInTheDocument();
  });
});

describe('Admin Dashboard beta invitations', () => {
  it('lists invitations, shows the server message under the field, adds and removes', async () => {
    let invites = [{ id: 'i1', kind: 'domain', value: 'example.com', createdAt: '2026-01-01T00:00:00.000Z' }];
    fakeApi({
      ...asAdmin,
      ...noFbos,
      'GET /api/admin/import-status': notImported,
      'GET /api/admin/invites': () => ({ status: 200, body: { invites } }),
      'POST /api/admin/invites': (_url, body) => {
        const { value } = body as { value: string };
        if (!value.includes('.')) {
          return {
            status: 400,
            body: {
              error: 'Invalid request data',
              details: [{ field: 'value', message: 'Enter an e-mail address or a domain such as example.com' }],
            },
          };
        }
        const invite = { id: 'i2', kind: 'email', value, createdAt: '2026-01-02T00:00:00.000Z' };
        invites = [...invites, invite];
        return { status: 201, body: invite };
      },
      'DELETE /api/admin/invites/i1': () => {
        invites = invites.filter((i) => i.id !== 'i1');
        return { status: 204 };
      },
    });
    renderRoutes(routes, '/admin');
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(list).getByText(/example\.com/)).toBeInTheDocument();
    const u = userEvent.setup();
    const field = screen.getByLabelText('E-mail or domain');
    await u.type(field, 'nonsense');
    await u.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter an e-mail address or a domain such as example.com')).toBeInTheDocument();
    await u.clear(field);
    await u.type(field, 'jo@flight.example');
    await u.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await within(list).findByText(/jo@flight\.example/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Remove example.com' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Invitations' })).queryByText(/^example\.com/),
      ).not.toBeInTheDocument(),
    );
  });
});
