import type { AdminFboDto } from '@rampquote/contracts';
import { clearToasts, fakeApi, heldResponse, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FboDirectoryCard } from './FboDirectoryCard';

const KSEA = { id: 'a-ksea', identifier: 'KSEA', code: 'SEA', name: 'Seattle-Tacoma International' };
const KBFI = { id: 'a-kbfi', identifier: 'KBFI', code: 'BFI', name: 'Boeing Field' };
const AIRPORTS: Record<string, typeof KSEA> = { KSEA, SEA: KSEA, KBFI, BFI: KBFI };

const fbo = (id: string, name: string, airport = KSEA, extra: Partial<AdminFboDto> = {}): AdminFboDto => ({
  id,
  name,
  email: `${id}@example.com`,
  phone: null,
  logo: null,
  active: true,
  airport,
  ...extra,
});

/** svc-airports' directory as the card sees it through fetch: list (by airport), add, change, import. */
function directory(initial: AdminFboDto[]) {
  let fbos = [...initial];
  let next = 1;
  const api = fakeApi({
    'GET /api/admin/fbos': (url) => {
      const airport = url.searchParams.get('airport');
      return {
        status: 200,
        body: { fbos: airport ? fbos.filter((f) => f.airport.identifier === AIRPORTS[airport]?.identifier) : fbos },
      };
    },
    'POST /api/admin/fbos': (_url, body) => {
      const input = body as { airport: string; name: string; email: string; phone: string | null };
      if (!input.email.includes('@'))
        return {
          status: 400,
          body: {
            error: 'Invalid request data',
            details: [{ field: 'email', message: 'Please enter a valid e-mail address' }],
          },
        };
      const created = fbo(`new-${next++}`, input.name, AIRPORTS[input.airport.toUpperCase()], {
        email: input.email,
        phone: input.phone,
      });
      fbos = [created, ...fbos];
      return { status: 201, body: created };
    },
    'POST /api/admin/import-fbos': () => {
      fbos = [...fbos, fbo('imp-1', 'Clay Lacy Aviation', KBFI), fbo('imp-2', 'Modern Aviation', KBFI)];
      return {
        status: 200,
        body: { imported: 2, skipped: 0, errors: [{ line: 4, reason: 'Unknown airport "ZZZZ"' }], errorCount: 1 },
      };
    },
  });
  for (const f of initial) {
    api.set(`PATCH /api/admin/fbos/${f.id}`, (_url, body) => {
      fbos = fbos.map((row) => (row.id === f.id ? { ...row, ...(body as Partial<AdminFboDto>) } : row));
      return { status: 200, body: fbos.find((row) => row.id === f.id) };
    });
  }
  return api;
}

function renderCard() {
  renderRoutes([{ path: '/admin', element: <FboDirectoryCard /> }], '/admin');
  return userEvent.setup({ delay: null });
}

function toastWith(title: string) {
  return screen
    .findByText(title, { selector: '[data-part="title"]' })
    .then((el) => el.closest('[data-part="root"]') as HTMLElement);
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr') as HTMLElement;

afterEach(() => clearToasts());

describe('Admin FBO directory', () => {
  it('lists recently changed FBOs, then the FBOs of the airport asked for', async () => {
    const api = directory([fbo('f1', 'Signature Flight Support'), fbo('f2', 'Atlantic Aviation', KBFI)]);
    const u = renderCard();
    const recent = await screen.findByRole('table', { name: 'Recently changed FBOs' });
    expect(within(recent).getAllByRole('row')).toHaveLength(3);

    await u.type(screen.getByLabelText('Airport (identifier or IATA code)'), 'bfi');
    await u.click(screen.getByRole('button', { name: 'Show FBOs' }));
    const atBfi = await screen.findByRole('table', { name: 'FBOs at BFI' });
    expect(within(atBfi).getByText('Atlantic Aviation')).toBeInTheDocument();
    expect(within(atBfi).queryByText('Signature Flight Support')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/fbos').at(-1)?.url.searchParams.get('airport')).toBe('BFI');
  });

  it("never shows the previous list under the airport asked for while that airport's FBOs load", async () => {
    const api = directory([fbo('f1', 'Signature Flight Support'), fbo('f2', 'Atlantic Aviation', KBFI)]);
    const u = renderCard();
    await screen.findByRole('table', { name: 'Recently changed FBOs' });
    const bfi = heldResponse({ status: 200, body: { fbos: [fbo('f2', 'Atlantic Aviation', KBFI)] } });
    api.set('GET /api/admin/fbos', bfi.handler);

    await u.type(screen.getByLabelText('Airport (identifier or IATA code)'), 'bfi');
    await u.click(screen.getByRole('button', { name: 'Show FBOs' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/fbos').at(-1)?.url.searchParams.get('airport')).toBe('BFI'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Signature Flight Support')).toBeNull();

    await bfi.release();
    const atBfi = await screen.findByRole('table', { name: 'FBOs at BFI' });
    expect(within(atBfi).getAllByRole('row')).toHaveLength(2);
  });

  it("adds an FBO: the server's message under a refused field, then the FBO added, the form emptied and the list updated", async () => {
    const api = directory([fbo('f2', 'Atlantic Aviation', KBFI)]);
    const u = renderCard();
    await screen.findByRole('table', { name: 'Recently changed FBOs' });
    await u.type(screen.getByLabelText('Airport'), 'KBFI');
    await u.type(screen.getByLabelText('FBO name'), 'Jet Center');
    await u.type(screen.getByLabelText('FBO e-mail'), 'ops.example.com');
    await u.click(screen.getByRole('button', { name: 'Add FBO' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(await toastWith('Could not add the FBO')).toBeInTheDocument();

    await u.clear(screen.getByLabelText('FBO e-mail'));
    await u.type(screen.getByLabelText('FBO e-mail'), 'ops@jet.example');
    await u.type(screen.getByLabelText('Phone (optional)'), '555 0100');
    await u.click(screen.getByRole('button', { name: 'Add FBO' }));
    expect(within(await toastWith('FBO added')).getByText('Jet Center at KBFI')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/fbos').map((c) => c.body)).toEqual([
      { airport: 'KBFI', name: 'Jet Center', email: 'ops.example.com', phone: null },
      { airport: 'KBFI', name: 'Jet Center', email: 'ops@jet.example', phone: '555 0100' },
    ]);
    expect(screen.getByLabelText('FBO name')).toHaveValue('');
    expect(screen.queryByText('Please enter a valid e-mail address')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Recently changed FBOs' });
    await waitFor(() =>
      expect(within(table).getByText('Jet Center').closest('tr')).toHaveTextContent('ops@jet.example'),
    );
  });

  it('edits an FBO in its row and deactivates another, each saved and shown', async () => {
    const api = directory([fbo('f1', 'Signature Flight Support'), fbo('f2', 'Atlantic Aviation')]);
    const u = renderCard();
    await screen.findByRole('table', { name: 'Recently changed FBOs' });

    await u.click(screen.getByRole('button', { name: 'Edit Signature Flight Support' }));
    expect(screen.getByLabelText('name')).toHaveValue('Signature Flight Support');
    await u.type(screen.getByLabelText('phone'), '555 0199');
    await u.clear(screen.getByLabelText('email'));
    await u.type(screen.getByLabelText('email'), 'sea@signature.example');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await toastWith('FBO updated')).getByText('Signature Flight Support')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/fbos/f1').map((c) => c.body)).toEqual([
      { name: 'Signature Flight Support', email: 'sea@signature.example', phone: '555 0199' },
    ]);
    const table = screen.getByRole('table', { name: 'Recently changed FBOs' });
    await waitFor(() => expect(rowOf(table, 'Signature Flight Support')).toHaveTextContent('555 0199'));

    await u.click(screen.getByRole('button', { name: 'Deactivate Atlantic Aviation' }));
    expect(await toastWith('FBO deactivated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/fbos/f2').map((c) => c.body)).toEqual([{ active: false }]);
    expect(await screen.findByRole('button', { name: 'Activate Atlantic Aviation' })).toBeInTheDocument();
    expect(rowOf(table, 'Atlantic Aviation')).toHaveTextContent('Inactive');
  });

  it('imports a CSV file of FBOs: refuses no file, sends the file, says what was imported and lists the new FBOs', async () => {
    const api = directory([]);
    const u = renderCard();
    expect(await screen.findByText('No FBOs yet.')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Import FBOs' }));
    expect(await toastWith('No File Selected')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/import-fbos')).toHaveLength(0);

    await u.upload(
      screen.getByLabelText('FBO CSV file (airport, name, email, phone)'),
      new File(['airport,name,email,phone\nKBFI,Clay Lacy Aviation,ops@claylacy.example,\n'], 'fbos.csv', {
        type: 'text/csv',
      }),
    );
    await u.click(screen.getByRole('button', { name: 'Import FBOs' }));
    expect(within(await toastWith('Import Completed')).getByText('2 FBOs imported, 1 error.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/admin/import-fbos');
    expect(call.contentType).toMatch(/^multipart\/form-data/);
    expect(call.text).toContain('name="fboFile"');
    const table = await screen.findByRole('table', { name: 'Recently changed FBOs' });
    expect(within(table).getByText('Clay Lacy Aviation')).toBeInTheDocument();
    expect(within(table).getByText('Modern Aviation')).toBeInTheDocument();
  });
});
