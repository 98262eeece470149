import { DataSource } from 'typeorm';
import { Routes } from '@rampquote/contracts';
import { startMailCatcher, type MailCatcher } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const PROFILE = Routes.user.profile;
const SUPPORT = Routes.support.contact;

describe('profile and support messages (real PostgreSQL, RabbitMQ and mail catcher)', () => {
  let t: IdentityTestApp;
  let db: DataSource;
  let mail: MailCatcher;
  let user: { id: string; email: string; role: 'pilot' };
  const asUser = () => t.asGateway(user);

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await startIdentity({ SMTP_URL: mail.smtpUrl, SUPPORT_EMAIL: 'help@rampquote.test' });
    db = t.app.get(DataSource);
    const res = await t
      .http()
      .post(Routes.auth.register)
      .use(t.asGateway())
      .send({ firstName: 'Pat', lastName: 'Pilot', email: 'pat@example.com', password: 'Str0ng#Pass' });
    user = { id: res.body.user.id, email: 'pat@example.com', role: 'pilot' };
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
  });

  describe('GET/PATCH/PUT /api/user/profile', () => {
    it('needs a signed-in user', async () => {
      const res = await t.http().get(PROFILE).use(t.asGateway());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });

    it('answers every field of spec section 3, empty ones null and units Standard by default', async () => {
      const res = await t.http().get(PROFILE).use(asUser());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: user.id,
        username: 'pat',
        email: 'pat@example.com',
        role: 'pilot',
        firstName: 'Pat',
        lastName: 'Pilot',
        companyName: null,
      });
      expect(res.body.preferredUnits).toBe('Standard');
      expect(res.body.hasActiveSubscription).toBe(false);
      for (const field of [
        'phoneNumber',
        'dateOfBirth',
        'pilotCertificateNumber',
        'pilotCertificationLevel',
        'medicalClass',
        'medicalDate',
        'primaryUse',
        'jobTitle',
        'subscriptionPlanName',
        'subscriptionCurrentPeriodEnd',
        'homeAirportCode',
        'hasInstrumentRating',
        'isFlightInstructor',
        'flightHoursPerYear',
        'signatureTailwinsAccountNumber',
        'atlanticRewardsAccountNumber',
        'avfuelAccountNumber',
        'caaAccountNumber',
        'worldFuelAccountNumber',
        'phillips66AccountNumber',
        'aegAccountNumber',
        'titanAccountNumber',
        'evoAccountNumber',
        'paragonAccountNumber',
        'jetAviationAccountNumber',
        'jetFuelXAccountNumber',
      ])
        expect(res.body).toHaveProperty(field, null);
    });

    it('PATCH changes only the fields sent, returns the updated user and ignores e-mail and role', async () => {
      const res = await t.http().patch(PROFILE).use(asUser()).send({
        firstName: ' Patricia ',
        companyName: 'Acme Air',
        dateOfBirth: '1980-02-29',
        medicalClass: '1st Class',
        preferredUnits: 'Metric',
        avfuelAccountNumber: 'AV-123',
        email: 'other@example.com',
        role: 'admin',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        firstName: 'Patricia',
        lastName: 'Pilot',
        companyName: 'Acme Air',
        dateOfBirth: '1980-02-29',
        medicalClass: '1st Class',
        preferredUnits: 'Metric',
        avfuelAccountNumber: 'AV-123',
        email: 'pat@example.com',
        role: 'pilot',
      });
      expect((await t.http().get(PROFILE).use(asUser())).body).toEqual(res.body);
      const [row] = await db.query('SELECT first_name, email, role FROM users WHERE id = $1', [user.id]);
      expect(row).toEqual({ first_name: 'Patricia', email: 'pat@example.com', role: 'pilot' });
      const cleared = await t.http().patch(PROFILE).use(asUser()).send({ avfuelAccountNumber: '', companyName: null });
      expect(cleared.body).toMatchObject({ avfuelAccountNumber: null, companyName: null, dateOfBirth: '1980-02-29' });
    });

    it('PATCH refuses bad values with Invalid request data and a detail per field', async () => {
      const res = await t
        .http()
        .patch(PROFILE)
        .use(asUser())
        .send({ firstName: '', dateOfBirth: '1980-02-30', primaryUse: 'Fun', phoneNumber: 42 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'firstName', message: 'First name is required' },
          { field: 'phoneNumber', message: 'Must be text' },
          { field: 'dateOfBirth', message: 'Enter a date as YYYY-MM-DD' },
          { field: 'primaryUse', message: 'Must be one of: Professional/Business, Government, Personal' },
        ],
      });
    });

    const client = {
      firstName: 'Pat',
      lastName: 'Pilot',
      email: 'pat@example.com',
      phoneNumber: '555-010-1234',
      dateOfBirth: '1975-05-05',
      pilotCertificateNumber: 'C-9',
      pilotCertificationLevel: 'ATP',
      hasInstrumentRating: 'Yes',
      isFlightInstructor: 'No',
      flightHoursPerYear: '151-225',
      homeAirportCode: 'KBFI',
      medicalClass: '2nd',
      jetAviationAccountNumber: 'JA-1',
      jetFuelXAccountNumber: 'JX-2',
    };

    it('PUT saves the client profile form', async () => {
      const res = await t.http().put(PROFILE).use(asUser()).send(client);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...client, email: 'pat@example.com' });
    });

    it('PUT refuses each missing requirement with its message', async () => {
      const res = await t
        .http()
        .put(PROFILE)
        .use(asUser())
        .send({ firstName: 'P', lastName: 'Q', email: 'x', phoneNumber: '123', dateOfBirth: '2999-01-01' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'firstName', message: 'First name must be at least 2 characters' },
          { field: 'lastName', message: 'Last name must be at least 2 characters' },
          { field: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'phoneNumber', message: 'Please enter a valid phone number' },
          { field: 'pilotCertificateNumber', message: 'Pilot Certificate Number is required' },
          { field: 'pilotCertificationLevel', message: 'Certification level is required' },
          { field: 'hasInstrumentRating', message: 'Instrument rating is required' },
          { field: 'flightHoursPerYear', message: 'Flight hours per year is required' },
        ],
      });
      const old = await t
        .http()
        .put(PROFILE)
        .use(asUser())
        .send({ ...client, dateOfBirth: '1899-12-31' });
      expect(old.body.details).toEqual([
        { field: 'dateOfBirth', message: 'Date of birth cannot be before 1900-01-01' },
      ]);
    });
  });

  describe("GET /api/user/profile from svc-quotes (the requester's profile when a quote request is made)", () => {
    it('answers svc-quotes calling on behalf of the user with the same profile the gateway gets', async () => {
      const res = await t.http().get(PROFILE).use(t.asCaller('svc-quotes', user));
      expect(res.status).toBe(200);
      expect(res.body).toEqual((await t.http().get(PROFILE).use(asUser())).body);
      expect(res.body).toMatchObject({ id: user.id, email: 'pat@example.com' });
    });

    it('needs the user on whose behalf svc-quotes calls', async () => {
      const res = await t.http().get(PROFILE).use(t.asCaller('svc-quotes'));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });

    it('refuses other callers, and svc-quotes changing a profile, with 403 Forbidden', async () => {
      for (const caller of ['svc-billing', 'svc-unknown']) {
        const res = await t.http().get(PROFILE).use(t.asCaller(caller, user));
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'Forbidden' });
      }
      const patch = await t
        .http()
        .patch(PROFILE)
        .use(t.asCaller('svc-quotes', user))
        .send({ jobTitle: 'Changed by svc-quotes' });
      expect(patch.status).toBe(403);
      expect((await t.http().put(PROFILE).use(t.asCaller('svc-quotes', user)).send({})).status).toBe(403);
      const [row] = await db.query(`SELECT profile->>'jobTitle' AS "jobTitle" FROM users WHERE id = $1`, [user.id]);
      expect(row.jobTitle).toBeNull();
    });
  });

  describe('POST /api/support/contact', () => {
    const valid = {
      name: 'Sam Sender',
      email: 'Sam@Example.com',
      subject: 'Fuel question',
      message: 'How do I add my AVFUEL number?',
    };

    it.each([
      ['name', { name: 'S' }, 'Name must be at least 2 characters'],
      ['email', { email: 'nope' }, 'Please enter a valid email address'],
      ['subject', { subject: 'Hey' }, 'Subject must be at least 5 characters'],
      ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
    ])('refuses a bad %s with the spec message', async (field, change, message) => {
      const res = await t
        .http()
        .post(SUPPORT)
        .use(t.asGateway())
        .send({ ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid request data', details: [{ field, message }] });
    });

    it('stores nothing for an invalid message', async () => {
      const subject = 'Never stored';
      expect(
        (
          await t
            .http()
            .post(SUPPORT)
            .use(t.asGateway())
            .send({ ...valid, subject, message: 'Too short' })
        ).status,
      ).toBe(400);
      expect(await db.query('SELECT 1 FROM support_messages WHERE subject = $1', [subject])).toHaveLength(0);
    });

    it('refuses text with a NUL character with a clear 400 and stores nothing', async () => {
      const subject = 'NUL question';
      const res = await t
        .http()
        .post(SUPPORT)
        .use(t.asGateway())
        .send({ ...valid, subject, message: 'Hello\u0000 there, support' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [{ field: 'message', message: 'Text must not contain NUL characters' }],
      });
      expect(await db.query('SELECT 1 FROM support_messages WHERE subject = $1', [subject])).toHaveLength(0);
    });

    it('stores the message, answers 201 Message sent and mails it to SUPPORT_EMAIL with the sender as Reply-To', async () => {
      const res = await t.http().post(SUPPORT).use(t.asGateway()).send(valid);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'Message sent' });
      const rows = await db.query('SELECT name, email, subject, message, user_id FROM support_messages');
      expect(rows).toEqual([
        {
          name: 'Sam Sender',
          email: 'sam@example.com',
          subject: 'Fuel question',
          message: 'How do I add my AVFUEL number?',
          user_id: null,
        },
      ]);
      const m = await mail.waitFor('help@rampquote.test', '[Support] Fuel question');
      expect(m.text).toContain('Sam Sender <sam@example.com>');
      expect(m.text).toContain('How do I add my AVFUEL number?');
      expect(m.replyTo?.[0].address).toBe('sam@example.com');
    });

    it('records the signed-in sender', async () => {
      const res = await t
        .http()
        .post(SUPPORT)
        .use(asUser())
        .send({ ...valid, subject: 'From a member' });
      expect(res.status).toBe(201);
      const [row] = await db.query(`SELECT user_id FROM support_messages WHERE subject = 'From a member'`);
      expect(row.user_id).toBe(user.id);
    });
  });
});
