import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANONYMOUS, clearToasts, fakeApi, renderApp } from '../../test/render-app';

afterEach(() => clearToasts());

async function fill(fields: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(new RegExp(`^${label}\\b`), { selector: 'input,textarea' });
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const VALID = {
  Name: 'Dana Reyes',
  Email: 'dana@example.com',
  Subject: 'Hangar at KBFI',
  Message: 'Can you add hangar quotes for Boeing Field?',
};

describe('support page', () => {
  it('shows the contact form and the five quick-answer cards', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Quick answers' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'How do I request a quote?',
      'How do I add an aircraft?',
      'How long do responses take?',
      'What does it cost?',
      'How do I become an FBO partner?',
    ]);
    expect(within(cards).getByText(/Account > Aircraft tab > Add Aircraft/)).toBeInTheDocument();
  });

  it("refuses to send until each field passes the spec's rule, with the spec's messages", async () => {
    const api = fakeApi(ANONYMOUS);
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    await fill({ Name: 'D', Email: 'dana@', Subject: 'Fuel', Message: 'Too short' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription('Message must be at least 10 characters');
    // Corrected fields lose their message as the user types.
    await userEvent.type(screen.getByLabelText(/^Name/), 'ana');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.startsWith('POST '))).toHaveLength(0);
  });

  it('shows "Sending..." while sending, then the success toast and an empty form', async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent: unknown[] = [];
    globalThis.fetch = jest.fn(async (request: Request) => {
      if (new URL(request.url).pathname === '/api/support/contact') {
        sent.push(await request.json());
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      return new Response(JSON.stringify({ error: 'Not authenticated' }), { status: 401 });
    }) as unknown as typeof fetch;
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    await fill({ ...VALID, Name: '  Dana Reyes ' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'Dana Reyes', email: 'dana@example.com', subject: 'Hangar at KBFI', message: VALID.Message },
      ]),
    );
    await act(async () =>
      answer(
        new Response(JSON.stringify({ message: 'Message sent' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(screen.getByText("We'll respond as soon as possible.")).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(screen.getByLabelText(new RegExp(`^${label}\\b`), { selector: 'input,textarea' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("toasts 'Failed to send message' with the server's message, keeps the input and marks the refused field", async () => {
    fakeApi({
      ...ANONYMOUS,
      'POST /api/support/contact': {
        status: 400,
        body: {
          error: 'Invalid request data',
          details: [{ field: 'subject', message: 'Subject must be at least 5 characters' }],
        },
      },
    });
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    await fill(VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('Invalid request data: Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveAccessibleDescription('Subject must be at least 5 characters');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Dana Reyes');
  });

  it("shows the request helper's message when the server's answer names no error", async () => {
    fakeApi({ ...ANONYMOUS, 'POST /api/support/contact': { status: 500, body: { error: '' } } });
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    await fill(VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });
});
