import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { IDENTITY_HEADER, type AircraftDto, type FboContactDto, type FboDto } from '@rampquote/contracts';
import { Mailer, signIdentity, type ConfigOf, type MailMessage } from '@rampquote/service-kit';
import {
  checkAnswersAgainstContracts,
  signedAs,
  startMailCatcher,
  startTestService,
  TEST_KEYS,
  type MailCatcher,
  type StartTestServiceOptions,
  type TestService,
} from '@rampquote/service-kit/testing';
import { service } from '../../src/service';
import { QuoteLinks } from '../../src/shared/quote-links';
import { NeighboursStub } from './neighbours-stub';
import { startRealNeighbours, type RealNeighbours, type TestUser } from './real-neighbours';
import { TcpGate } from './tcp-gate';

export type QuotesConfig = ConfigOf<typeof service>;
export type { TestUser };

/** The aircraft, airports, FBOs and users a test needs, made at svc-quotes' neighbours (real or stubbed). */
interface Seeder {
  pilot: (firstName?: string) => Promise<{ user: TestUser; aircraft: AircraftDto }>;
  addFbo: (airport: string, name: string, email: string) => Promise<FboContactDto>;
  fbosAt: (airport: string) => Promise<FboDto[]>;
}

interface QuotesTestAppBase extends TestService<QuotesConfig>, Seeder {
  mail: MailCatcher;
  /** Between svc-quotes and the mail catcher: close it to take SMTP down. */
  smtp: TcpGate;
  db: DataSource;
  http: (app?: NestExpressApplication) => ReturnType<typeof request>;
  /** A supertest plugin signing what the gateway sends for `user` (or for a visitor): `.use(t.as(user))`. */
  as: (user?: TestUser) => ReturnType<typeof signedAs>;
  /** The identity header for a request made without supertest (fetch), bound to its method and path. */
  header: (method: string, path: string, user?: TestUser) => Record<string, string>;
  /** The destination KBFI with `count` new FBOs (e-mails fbo<n>-<random>@example.com); the departure is KSEA. */
  airportWithFbos: (count: number) => Promise<{ destination: string; fbos: FboContactDto[] }>;
  /** The link token of an FBO's invitation, rebuilt as the e-mail consumer does. */
  tokenOf: (quoteRequestId: string, fboId: string) => Promise<string>;
  /**
   * The content of the attachments named `fileName` of each mail to `address` with `subject` that the SMTP server
   * took, in the order they went out (the mail catcher lists attachments without their content).
   */
  attachmentsSent: (address: string, subject: string, fileName: string) => string[];
}

/** svc-quotes with the real svc-fleet, svc-airports and svc-identity as its neighbours. */
export interface QuotesTestApp extends QuotesTestAppBase {
  neighbours: RealNeighbours;
}

/** svc-quotes with its neighbours stood in for by NeighboursStub: for a neighbour down, slow or failing. */
export interface StubbedQuotesTestApp extends QuotesTestAppBase {
  stub: NeighboursStub;
}

/**
 * svc-quotes on a fresh database and exchange, with a private mail catcher and the real svc-fleet, svc-airports and
 * svc-identity (started here, each on its own database: startRealNeighbours). Heartbeats every 200 ms keep the
 * stream tests quick.
 */
export async function startQuotes(options: StartTestServiceOptions = {}): Promise<QuotesTestApp> {
  const neighbours = await startRealNeighbours();
  const seeder: Seeder = { pilot: neighbours.pilot, addFbo: neighbours.addFbo, fbosAt: neighbours.fbosAt };
  // Four services in one process on a busy machine: a real neighbour gets longer than a stub to answer.
  const app = await startQuotesWith(
    options,
    { ...neighbours.urls, NEIGHBOUR_TIMEOUT_MS: '5000' },
    seeder,
    neighbours.close,
  );
  return { ...app, neighbours };
}

/**
 * svc-quotes as startQuotes gives it, but its neighbours are NeighboursStub (signed calls only), whose `mode` takes
 * each neighbour down, makes it hang or fail: for the tests of those faults.
 */
export async function startQuotesWithStub(options: StartTestServiceOptions = {}): Promise<StubbedQuotesTestApp> {
  const stub = new NeighboursStub();
  const stubUrl = await stub.start();
  stub.addAirport('KSEA', 'Seattle-Tacoma International Airport');
  stub.addAirport('KBFI', 'Boeing Field King County International Airport');
  const seeder: Seeder = {
    pilot: async (firstName = 'Amelia') => {
      const id = randomUUID();
      const email = `${firstName.toLowerCase()}-${id.slice(0, 6)}@example.com`;
      stub.addProfile(id, email, firstName, 'Earhart', 'Electra Flight Department');
      return { user: { id, email, role: 'pilot' }, aircraft: stub.addAircraft(id, `N${id.slice(0, 4).toUpperCase()}`) };
    },
    addFbo: async (airport, name, email) => stub.addFbo(airport, name, email),
    fbosAt: async (airport) => stub.fbos.get(airport) ?? [],
  };
  // The service's own default: with 1 s, a neighbour that answers was taken for a silent one on a loaded 2-core machine.
  const urls = { IDENTITY_URL: stubUrl, FLEET_URL: stubUrl, AIRPORTS_URL: stubUrl, NEIGHBOUR_TIMEOUT_MS: '3000' };
  const app = await startQuotesWith(options, urls, seeder, () => stub.stop());
  return { ...app, stub };
}

async function startQuotesWith(
  options: StartTestServiceOptions,
  neighbourEnv: Record<'IDENTITY_URL' | 'FLEET_URL' | 'AIRPORTS_URL' | 'NEIGHBOUR_TIMEOUT_MS', string>,
  seeder: Seeder,
  closeNeighbours: () => Promise<void>,
): Promise<QuotesTestAppBase> {
  let mail: MailCatcher | undefined;
  let smtp: TcpGate | undefined;
  let t: TestService<QuotesConfig>;
  try {
    mail = await startMailCatcher();
    const smtpTarget = new URL(mail.smtpUrl);
    smtp = new TcpGate({ host: smtpTarget.hostname, port: Number(smtpTarget.port) });
    const smtpPort = await smtp.start();
    t = await startTestService(service, {
      ...options,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: 'http://rampquote.test',
        ...neighbourEnv,
        QUOTE_STREAM_HEARTBEAT_MS: '200',
        ...options.env,
      },
    });
  } catch (err) {
    await smtp?.stop();
    mail?.close();
    await closeNeighbours();
    throw err;
  }
  const catcher = mail;
  const gate = smtp;
  const sent: MailMessage[] = [];
  const mailer = t.app.get(Mailer);
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    await send(message);
    sent.push(message);
  };
  checkAnswersAgainstContracts(t.app.getHttpServer());
  const db = t.app.get(DataSource);
  const links = t.app.get(QuoteLinks);
  return {
    ...t,
    ...seeder,
    mail: catcher,
    smtp: gate,
    db,
    http: (app = t.app) => request(app.getHttpServer()),
    as: (user) => signedAs({ caller: 'gateway', ...(user ? { user } : {}) }, service.name),
    header: (method, path, user) => ({
      [IDENTITY_HEADER]: signIdentity(
        { caller: 'gateway', ...(user ? { user } : {}) },
        TEST_KEYS.privateKey('gateway'),
        {
          service: service.name,
          method,
          path,
        },
      ),
    }),
    airportWithFbos: async (count) => {
      const destination = 'KBFI';
      const fbos: FboContactDto[] = [];
      // One after the other: the request form lists them, and svc-airports, in the order they were added.
      for (let i = 0; i < count; i++)
        fbos.push(
          await seeder.addFbo(
            destination,
            `FBO ${i + 1} ${randomUUID().slice(0, 4)}`,
            `fbo${i + 1}-${randomUUID().slice(0, 6)}@example.com`,
          ),
        );
      return { destination, fbos };
    },
    tokenOf: async (quoteRequestId, fboId) => {
      const rows: { link_nonce: string }[] = await db.query(
        `SELECT link_nonce FROM quote_invitations WHERE quote_request_id = $1 AND fbo_id = $2`,
        [quoteRequestId, fboId],
      );
      return links.tokenFor(rows[0].link_nonce);
    },
    attachmentsSent: (address, subject, fileName) =>
      sent
        .filter((m) => m.subject === subject && [m.to].flat().includes(address))
        .flatMap((m) => (m.attachments ?? []).filter((a) => a.filename === fileName).map((a) => a.content)),
    close: async () => {
      try {
        await t.close();
      } finally {
        await gate.stop();
        catcher.close();
        await closeNeighbours();
      }
    },
  };
}

/** A valid request form payload (spec section 3) for the pilot's aircraft and the given FBOs. */
export function formPayload(aircraft: AircraftDto, fbos: FboDto[], overrides: Record<string, unknown> = {}) {
  const day = 24 * 60 * 60 * 1000;
  return {
    aircraftId: aircraft.id,
    departureAirportCode: 'KSEA',
    airportCode: 'KBFI',
    arrival: new Date(Date.now() + 10 * day).toISOString(),
    departure: new Date(Date.now() + 12 * day).toISOString(),
    services: {
      fuelJetA: true,
      fuelEstimatedAmount: 300,
      hangar: true,
      gpu: true,
      gpuDuration: '30',
      coffee: true,
      lavService: true,
      lavServiceType: 'dry',
    },
    notes: 'Two passengers, quick turn',
    selectedFbos: fbos.map((f) => f.id),
    ...overrides,
  };
}

/** An estimate for the payload above: fuel 6.25/gal x 300, hangar 150/day, GPU 45, coffee unavailable. */
export function estimatePayload(perGallon = 6.25, overrides: Record<string, unknown> = {}) {
  const fuel = Math.round(perGallon * 300 * 100);
  const total = (fuel + 15000 + 4500) / 100;
  return {
    servicesQuoted: {
      dedicatedFuel: { price: perGallon, quantity: 300, notes: 'Jet A with Prist' },
      hangar: { price: 150, days: 1 },
      gpu: { price: 45 },
      coffee: { unavailable: true },
      customServices: [],
    },
    totalPrice: total,
    notes: 'Thanks for choosing us',
    ...overrides,
  };
}
