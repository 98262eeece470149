import { z } from 'zod';
import { PLANS, SERVICE_PORTS } from '@rampquote/contracts';
import { identityKey, secret, testKeyPair, type ServiceConfigOf } from '@rampquote/service-kit';

const serviceUrl = (port: number) => z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${port}`);

/** svc-quotes's own environment variables (besides the base ones every service reads). */
export const quotesEnv = {
  /**
   * The key FBO link tokens are derived from (shared by every replica). A deployment that signed links with the
   * former INTERNAL_SECRET keeps them working by setting LINK_SECRET to that value.
   */
  LINK_SECRET: secret('dev-link-secret-change-me'),
  /** Its own identity key: every read of svc-identity, svc-fleet and svc-airports is signed with it (required). */
  SERVICE_PRIVATE_KEY: identityKey('private', testKeyPair('svc-quotes').privateKey, true),
  /** The neighbours read when a request is made (same names as the gateway's). */
  IDENTITY_URL: serviceUrl(SERVICE_PORTS.identity),
  FLEET_URL: serviceUrl(SERVICE_PORTS.fleet),
  AIRPORTS_URL: serviceUrl(SERVICE_PORTS.airports),
  /** A neighbour that has not answered within this time counts as unavailable (503). */
  NEIGHBOUR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Heartbeat comment lines on the live stream (spec: a proxy must never see a silent connection). */
  QUOTE_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
  /**
   * Quote requests a month for a user without a subscription: the entry-level plan's allowance unless set (the
   * end-to-end suite raises it, as it raises the registration limit, so repeated runs on one machine's development
   * database do not spend the demo pilot's month).
   */
  /** Memory for the My Quotes pages each replica keeps built, with their gzip (0 turns it off). */
  MY_QUOTES_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  NO_PLAN_MONTHLY_QUOTE_REQUESTS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(PLANS['entry-level'].limits.monthlyQuoteRequests ?? 5),
};

export type QuotesConfig = ServiceConfigOf<typeof quotesEnv>;
