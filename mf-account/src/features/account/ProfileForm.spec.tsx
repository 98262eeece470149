import { LOYALTY_PROGRAM_NAMES, LOYALTY_PROGRAMS } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { AccountPage, ProfileTab } from './AccountPage';
import { profileFixture, sessionUserOf } from './profile-fixture';

const profile = profileFixture({ companyName: 'Acme Air', medicalClass: '2nd Class', avfuelAccountNumber: 'AV-1' });
const accountRoute = [
  {
    path: '/account/profile',
    element: (
      <AccountPage tab="profile">
        <ProfileTab />
      </AccountPage>
    ),
  },
];

function apiWith(patch?: FakeResponse) {
  return fakeApi({
    'GET /api/auth/me': { status: 200, body: sessionUserOf(profile) },
    'GET /api/user/profile': { status: 200, body: profile },
    ...(patch ? { 'PATCH /api/user/profile': patch } : {}),
  });
}

async function openForm() {
  renderRoutes(accountRoute, '/account/profile');
  const form = await screen.findByRole('form', { name: 'Profile' });
  return {
    form,
    user: userEvent.setup(),
    input: (label: string) => within(form).getByLabelText(label) as HTMLInputElement,
  };
}

const toastOf = async (title: string) => (await screen.findByText(title)).closest('[data-part="root"]') as HTMLElement;

afterEach(() => clearToasts());

describe('Account profile form', () => {
  it('shows the e-mail and the Account Type read-only, the stored values, every loyalty number and the date pickers’ ranges', async () => {
    apiWith();
    const { input, form } = await openForm();
    expect(input('Email')).toHaveValue('pat@example.com');
    expect(input('Email')).toHaveAttribute('readonly');
    expect(input('Account Type')).toHaveValue('Pilot');
    expect(input('Account Type')).toHaveAttribute('readonly');
    expect(input('Company name')).toHaveValue('Acme Air');
    expect(input('Medical class')).toHaveValue('2nd Class');
    expect(input('Units')).toHaveValue('Standard');
    for (const program of LOYALTY_PROGRAMS)
      expect(input(`${LOYALTY_PROGRAM_NAMES[program]} account number`)).toBeInTheDocument();
    expect(input('AVFUEL account number')).toHaveValue('AV-1');
    expect(input('Date of birth')).toMatchObject({ type: 'date', min: '1930-01-01', max: '2025-12-31' });
    expect(input('Medical date')).toMatchObject({ type: 'date', min: '2010-01-01', max: '2030-12-31' });
    const options = (label: string) =>
      within(within(form).getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Certification level')).toEqual([
      'Select…',
      'Airline Transport Pilot',
      'Commercial',
      'Private',
      'Recreational',
      'Student',
    ]);
    expect(options('Medical class')).toEqual(['Select…', '1st Class', '2nd Class', '3rd Class', 'BasicMed']);
    expect(options('Primary use')).toEqual(['Select…', 'Professional/Business', 'Government', 'Personal']);
    expect(options('Units')).toEqual(['Metric', 'Standard']);
  });

  it('names its sections with headings that descend one level at a time (h1 page, h2 section, h3 part)', async () => {
    apiWith();
    await openForm();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1] + 1);
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Fuel loyalty programs' })).toBeInTheDocument();
  });

  it('sends only the changed fields with PATCH and toasts the success', async () => {
    const saved = {
      ...profile,
      firstName: 'Morgan',
      primaryUse: 'Personal',
      avfuelAccountNumber: 'AV-778',
      companyName: null,
    };
    const api = apiWith({ status: 200, body: saved });
    const { user, input, form } = await openForm();
    await user.clear(input('First name'));
    await user.type(input('First name'), 'Morgan');
    await user.clear(input('AVFUEL account number'));
    await user.type(input('AVFUEL account number'), 'AV-778');
    await user.selectOptions(input('Primary use'), 'Personal');
    await user.clear(input('Company name'));
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    const toast = await toastOf('Profile updated');
    expect(within(toast).getByText('Your profile has been saved.')).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-type', 'success');
    expect(api.callsTo('PATCH /api/user/profile').map((c) => c.body)).toEqual([
      { firstName: 'Morgan', avfuelAccountNumber: 'AV-778', primaryUse: 'Personal', companyName: '' },
    ]);
    await waitFor(() => expect(input('First name')).toHaveValue('Morgan'));

    // Saved values are no longer "changed": the next save sends only the new change.
    await user.type(input('Job title'), 'Chief Pilot');
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/user/profile')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/user/profile')[1].body).toEqual({ jobTitle: 'Chief Pilot' });
  });

  it.each([
    [
      400,
      { error: 'Invalid request data', details: [{ field: 'dateOfBirth', message: 'Enter a date as YYYY-MM-DD' }] },
      'Please check the form fields and try again',
    ],
    [409, { error: 'Email already exists' }, 'This email is already registered to another account.'],
    [500, { error: 'Internal server error' }, 'Profile update failed. Please try again.'],
  ])('maps a %s answer to the "Update failed" toast', async (status, body, description) => {
    apiWith({ status, body });
    const { user, input, form } = await openForm();
    await user.type(input('Job title'), 'Dispatcher');
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    const toast = await toastOf('Update failed');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(within(toast).getByText(description)).toBeInTheDocument();
  });

  it('refuses a cleared first name with "First name is required" before sending (the PATCH body’s schema)', async () => {
    const api = apiWith({ status: 200, body: profile });
    const { user, input, form } = await openForm();
    await user.clear(input('First name'));
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(input('First name')).toHaveAccessibleDescription('First name is required'));
    expect(api.callsTo('PATCH /api/user/profile')).toHaveLength(0);
  });

  it('shows a 400 answer’s field details on the fields', async () => {
    apiWith({
      status: 400,
      body: {
        error: 'Invalid request data',
        details: [{ field: 'phoneNumber', message: 'Must be at most 200 characters' }],
      },
    });
    const { user, input, form } = await openForm();
    await user.type(input('Phone number'), '5');
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(input('Phone number')).toHaveAccessibleDescription('Must be at most 200 characters'));
  });
});
