import type { UserRole } from './users';

/** Event names (routing keys on the `rampquote.events` topic exchange) and payloads. */
export const EVENTS_EXCHANGE = 'rampquote.events';

export const EventTypes = {
  userRegistered: 'user-registered',
  quoteSubmitted: 'quote-submitted',
  fboResponded: 'fbo-responded',
  airportsImported: 'airports-imported',
  fboDiscoveryRequested: 'fbo-discovery-requested',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

/** Every event travels in this envelope. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  source: string;
  data: T;
}

export interface UserRegisteredData {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  companyName: string | null;
  aircraftProfileName: string | null;
  /** Whether the address was on the beta invitation list (or the beta is open) at registration. */
  invited: boolean;
}

export interface EventPayloads {
  'user-registered': UserRegisteredData;
}
