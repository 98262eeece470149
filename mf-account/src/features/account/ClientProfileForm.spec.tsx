import { localToday, type ProfileDto } from '@rampquote/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { AccountPage, ProfileTab } from './AccountPage';
import { clientProfileFailureMessage } from './profile-errors';
import { profileFixture, sessionUserOf } from './profile-fixture';

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

function apiWith(profile: ProfileDto, put?: FakeResponse) {
  return fakeApi({
    'GET /api/auth/me': { status: 200, body: sessionUserOf(profile) },
    'GET /api/user/profile': { status: 200, body: profile },
    ...(put ? { 'PUT /api/user/profile': put } : {}),
  });
}

async function openForm() {
  renderRoutes(accountRoute, '/account/profile');
  expect(await screen.findByRole('heading', { name: 'Client Profile' })).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Pilot details' });
  const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  return {
    form,
    field,
    user: userEvent.setup(),
    submit: (u: UserEvent) => u.click(within(form).getByRole('button', { name: 'Save Client Profile' })),
  };
}

const setDate = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const toastOf = async (title: string) => (await screen.findByText(title)).closest('[data-part="root"]') as HTMLElement;

async function fillValid(user: UserEvent, field: (label: string) => HTMLInputElement) {
  await user.type(field('Phone number'), '555-010-1234');
  setDate(field('Date of birth'), '1975-05-05');
  await user.type(field('Pilot Certificate Number'), 'C-9');
  await user.selectOptions(field('Certification level'), 'ATP');
  await user.selectOptions(field('Instrument rating'), 'Yes');
  await user.selectOptions(field('Flight hours per year'), '151-225');
}

afterEach(() => clearToasts());

describe('Client profile form', () => {
  it('shows each required field’s spec message on its field and sends nothing', async () => {
    const api = apiWith(profileFixture({ firstName: 'P', lastName: 'Q' }));
    const { field, user, submit } = await openForm();
    await user.type(field('Phone number'), '555-0101');
    await submit(user);
    const expected: [string, string][] = [
      ['First name', 'First name must be at least 2 characters'],
      ['Last name', 'Last name must be at least 2 characters'],
      ['Date of birth', 'Date of birth is required'],
      ['Phone number', 'Please enter a valid phone number'],
      ['Pilot Certificate Number', 'Pilot Certificate Number is required'],
      ['Certification level', 'Certification level is required'],
      ['Instrument rating', 'Instrument rating is required'],
      ['Flight hours per year', 'Flight hours per year is required'],
    ];
    for (const [label, message] of expected)
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field('Medical class')).not.toHaveAccessibleDescription();
    expect(api.callsTo('PUT /api/user/profile')).toHaveLength(0);
  });

  it.each([
    ['2999-01-01', 'Date of birth cannot be in the future'],
    ['1899-12-31', 'Date of birth cannot be before 1900-01-01'],
  ])('refuses the date of birth %s with "%s"', async (date, message) => {
    const api = apiWith(profileFixture());
    const { field, user, submit } = await openForm();
    await fillValid(user, field);
    setDate(field('Date of birth'), date);
    await submit(user);
    await waitFor(() => expect(field('Date of birth')).toHaveAccessibleDescription(message));
    expect(api.callsTo('PUT /api/user/profile')).toHaveLength(0);
  });

  it('limits the date of birth picker from 1900-01-01 to today and offers the spec’s choices', async () => {
    apiWith(profileFixture());
    const { field } = await openForm();
    expect(field('Date of birth')).toMatchObject({ type: 'date', min: '1900-01-01', max: localToday() });
    const options = (label: string) =>
      within(field(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Certification level')).toEqual([
      'Select…',
      'Student',
      'Recreational',
      'Private',
      'Commercial',
      'ATP',
    ]);
    expect(options('Medical class')).toEqual(['Select…', '1st', '2nd', '3rd', 'BasicMed']);
    expect(options('Instrument rating')).toEqual(['Select…', 'Yes', 'No']);
    expect(options('Flight instructor')).toEqual(['Select…', 'Yes', 'No']);
    expect(options('Flight hours per year')).toEqual(['Select…', '0-75', '76-150', '151-225', '226-300', '>300']);
  });

  it('says "Please enter a valid email address" when the e-mail is not valid, and keeps the e-mail read-only', async () => {
    const api = apiWith(profileFixture({ email: 'not-an-email' }));
    const { field, user, submit } = await openForm();
    expect(field('Email')).toHaveAttribute('readonly');
    await fillValid(user, field);
    await submit(user);
    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address')),
    );
    expect(api.callsTo('PUT /api/user/profile')).toHaveLength(0);
  });

  it('prefills from the profile, sends the whole form with PUT, toasts and refetches the current user', async () => {
    const stored = profileFixture({
      pilotCertificationLevel: 'Airline Transport Pilot',
      medicalClass: '1st Class',
      avfuelAccountNumber: 'AV-1',
    });
    const saved = { ...stored, phoneNumber: '555-010-1234', homeAirportCode: 'KBFI', jetFuelXAccountNumber: 'JX-2' };
    const api = apiWith(stored, { status: 200, body: saved });
    const { field, user, submit } = await openForm();
    expect(field('Certification level')).toHaveValue('ATP');
    expect(field('Medical class')).toHaveValue('1st');
    await waitFor(() => expect(api.callsTo('GET /api/auth/me')).toHaveLength(1));
    await user.type(field('Phone number'), '555-010-1234');
    setDate(field('Date of birth'), '1975-05-05');
    await user.type(field('Pilot Certificate Number'), 'C-9');
    await user.selectOptions(field('Instrument rating'), 'No');
    await user.selectOptions(field('Flight instructor'), 'Yes');
    await user.selectOptions(field('Flight hours per year'), '>300');
    await user.type(field('Home airport code'), 'kbfi');
    await user.type(field('JetFuelX account number'), 'JX-2');
    await submit(user);
    const toast = await toastOf('Profile updated');
    expect(toast).toHaveAttribute('data-type', 'success');
    expect(api.callsTo('PUT /api/user/profile').map((c) => c.body)).toEqual([
      {
        firstName: 'Pat',
        lastName: 'Pilot',
        email: 'pat@example.com',
        dateOfBirth: '1975-05-05',
        phoneNumber: '555-010-1234',
        pilotCertificateNumber: 'C-9',
        pilotCertificationLevel: 'ATP',
        medicalClass: '1st',
        hasInstrumentRating: 'No',
        isFlightInstructor: 'Yes',
        flightHoursPerYear: '>300',
        homeAirportCode: 'KBFI',
        jetAviationAccountNumber: null,
        jetFuelXAccountNumber: 'JX-2',
      },
    ]);
    await waitFor(() => expect(api.callsTo('GET /api/auth/me')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/user/profile')).toHaveLength(0);
  });

  it('toasts "Update failed" with the server message and puts the details on the fields', async () => {
    apiWith(profileFixture(), {
      status: 400,
      body: {
        error: 'Invalid request data',
        details: [{ field: 'phoneNumber', message: 'Please enter a valid phone number' }],
      },
    });
    const { field, user, submit } = await openForm();
    await fillValid(user, field);
    await submit(user);
    const toast = await toastOf('Update failed');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(within(toast).getByText('Invalid request data: Please enter a valid phone number')).toBeInTheDocument();
    await waitFor(() => expect(field('Phone number')).toHaveAccessibleDescription('Please enter a valid phone number'));
  });

  it('falls back to "Failed to update profile. Please try again." when the failure carries no message', () => {
    expect(clientProfileFailureMessage(undefined)).toBe('Failed to update profile. Please try again.');
    expect(clientProfileFailureMessage({ status: 500, message: '' })).toBe(
      'Failed to update profile. Please try again.',
    );
    expect(clientProfileFailureMessage({ status: 503, message: 'Service unavailable' })).toBe('Service unavailable');
  });
});
