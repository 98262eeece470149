import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { IDENTITY_HEADER, type AircraftDto, type FboDto, type UserRole } from '@rampquote/contracts';
import { signIdentity, type ConfigOf } from '@rampquote/service-kit';
import {
  checkAnswersAgainstContracts,
  signedAs,
  startMailCatcher,
  startTestService,
  type MailCatcher,
  type StartTestServiceOptions,
  type TestService,
} from '@rampquote/service-kit/testing';
import { service } from '../../src/service';
import { QuoteLinks } from '../../src/shared/quote-links';
import { NeighboursStub } from './neighbours-stub';
import { TcpGate } from './tcp-gate';

export type QuotesConfig = ConfigOf<typeof service>;

export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
}

export interface QuotesTestApp extends TestService<QuotesConfig> {
  stub: NeighboursStub;
  mail: MailCatcher;
  /** Between svc-quotes and the mail catcher: close it to take SMTP down. */
  smtp: TcpGate;
  db: DataSource;
  http: (app?: NestExpressApplication) => ReturnType<typeof request>;
  /** A supertest plugin signing what the gateway sends for `user` (or for a visitor): `.use(t.as(user))`. */
  as: (user?: TestUser) => ReturnType<typeof signedAs>;
  /** The identity header for a request made without supertest (fetch), bound to its method and path. */
  header: (method: string, path: string, user?: TestUser) => Record<string, string>;
  /** A pilot with a profile and a default aircraft at the stub. */
  pilot: (firstName?: string) => { user: TestUser; aircraft: AircraftDto };
  /** The destination KBFI with `count` FBOs (e-mails fbo<n>-<random>@example.com) and the departure KSEA. */
  airportWithFbos: (count: number) => { destination: string; fbos: FboDto[] };
  /** The link token of an FBO's invitation, rebuilt as the e-mail consumer does. */
  tokenOf: (quoteRequestId: string, fboId: string) => Promise<string>;
}

/**
 * svc-quotes on a fresh database and exchange, with a private mail catcher and the three neighbour services as
 * a stub (signed calls only). Heartbeats every 200 ms and a 1 s neighbour timeout keep the tests quick.
 */
export async function startQuotes(options: StartTestServiceOptions = {}): Promise<QuotesTestApp> {
  const secret = 'test-internal-secret-0123456789';
  const stub = new NeighboursStub(secret);
  const stubUrl = await stub.start();
  const mail = await startMailCatcher();
  const smtpTarget = new URL(mail.smtpUrl);
  const smtp = new TcpGate({ host: smtpTarget.hostname, port: Number(smtpTarget.port) });
  const smtpPort = await smtp.start();
  let t: TestService<QuotesConfig>;
  try {
    t = await startTestService(service, {
      ...options,
      env: {
        INTERNAL_SECRET: secret,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: 'http://rampquote.test',
        IDENTITY_URL: stubUrl,
        FLEET_URL: stubUrl,
        AIRPORTS_URL: stubUrl,
        NEIGHBOUR_TIMEOUT_MS: '1000',
        QUOTE_STREAM_HEARTBEAT_MS: '200',
        ...options.env,
      },
    });
  } catch (err) {
    await smtp.stop();
    mail.close();
    await stub.stop();
    throw err;
  }
  stub.addAirport('KSEA', 'Seattle-Tacoma International Airport');
  checkAnswersAgainstContracts(t.app.getHttpServer());
  const db = t.app.get(DataSource);
  const links = t.app.get(QuoteLinks);
  return {
    ...t,
    stub,
    mail,
    smtp,
    db,
    http: (app = t.app) => request(app.getHttpServer()),
    as: (user) => signedAs({ caller: 'gateway', ...(user ? { user } : {}) }, service.name),
    header: (method, path, user) => ({
      [IDENTITY_HEADER]: signIdentity({ caller: 'gateway', ...(user ? { user } : {}) }, t.config.INTERNAL_SECRET, {
        service: service.name,
        method,
        path,
      }),
    }),
    pilot: (firstName = 'Amelia') => {
      const id = randomUUID();
      const email = `${firstName.toLowerCase()}-${id.slice(0, 6)}@example.com`;
      stub.addProfile(id, email, firstName, 'Earhart', 'Electra Flight Department');
      return { user: { id, email, role: 'pilot' }, aircraft: stub.addAircraft(id, `N${id.slice(0, 4).toUpperCase()}`) };
    },
    airportWithFbos: (count) => {
      const destination = 'KBFI';
      if (!stub.airports.has(destination))
        stub.addAirport(destination, 'Boeing Field King County International Airport');
      const fbos = Array.from({ length: count }, (_, i) =>
        stub.addFbo(
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
    close: async () => {
      try {
        await t.close();
      } finally {
        await smtp.stop();
        mail.close();
        await stub.stop();
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
