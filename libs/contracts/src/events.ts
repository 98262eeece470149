import type { PlanId, PlanLimits, SubscriptionStatus } from './billing';
import type { AmendedField } from './request-versions';
import type { UserRole } from './users';

/** Event names (routing keys on the `rampquote.events` topic exchange) and payloads. */
export const EVENTS_EXCHANGE = 'rampquote.events';

export const EventTypes = {
  userRegistered: 'user-registered',
  quoteSubmitted: 'quote-submitted',
  fboResponded: 'fbo-responded',
  quoteCancelled: 'quote-cancelled',
  airportsImported: 'airports-imported',
  fboDiscoveryRequested: 'fbo-discovery-requested',
  subscriptionChanged: 'subscription-changed',
  userAccessChanged: 'user-access-changed',
  /** A registered user's e-mail (or domain) was invited: svc-identity mails them that access is open. */
  betaAccessGranted: 'beta-access-granted',
  /** A support message was stored: svc-identity mails it to SUPPORT_EMAIL. */
  supportMessageReceived: 'support-message-received',
  /** A user's password was reset (their sessions are ended by the gateway synchronously). */
  passwordReset: 'password-reset',
  /** svc-airports: a user became, or stopped being, a member of an FBO (admin, claim link or manager). */
  fboMembershipChanged: 'fbo-membership-changed',
  /** svc-quotes: the pilot chose an FBO's offer (request `booked-pending`); the FBO is asked to confirm. */
  quoteAccepted: 'quote-accepted',
  /** svc-quotes: the chosen FBO confirmed the booking (request `booked`); the others are told "not selected". */
  bookingConfirmed: 'booking-confirmed',
  /** svc-quotes: the chosen FBO declined the booking; the request returns to the pilot's choice. */
  bookingDeclined: 'booking-declined',
  quoteRequestAmended: 'quote-request-amended',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

/** Every event travels in this envelope. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  source: string;
  /** The request that caused the event (X-Request-Id at the gateway); handling logs under it. */
  requestId?: string;
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

/** `quote-submitted` (svc-quotes): a request and its invitations were stored; svc-quotes mails the FBOs, svc-billing counts usage. */
export interface QuoteSubmittedData {
  quoteRequestId: string;
  uniqueId: string;
  requesterId: string;
  /** Destination identifier. */
  airport: string;
  /** One per invited FBO (the link token is never in an event). */
  invitations: { invitationId: string; fboId: string; fboName: string; fboEmail: string }[];
  /** ISO. */
  createdAt: string;
}

/** `fbo-responded` (svc-quotes): an invited FBO answered (an estimate or a decline). */
export interface FboRespondedData {
  quoteRequestId: string;
  uniqueId: string;
  requesterId: string;
  invitationId: string;
  responseId: string;
  fboId: string;
  fboName: string;
  kind: 'submitted' | 'declined';
  /** Cents; null for a decline. */
  totalPriceCents: number | null;
  /** After this answer. */
  responseCount: number;
  totalFbosCount: number;
  status: 'pending' | 'responses_received' | 'completed' | 'cancelled' | 'booked-pending' | 'booked';
}

/** `quote-cancelled` (svc-quotes): the requester withdrew the request; the FBOs that had not answered are told. */
export interface QuoteCancelledData {
  quoteRequestId: string;
  uniqueId: string;
  requesterId: string;
  cancelledAt: string;
  /** Invitations still open at the cancellation. */
  withdrawnInvitationIds: string[];
}

/**
 * `quote-request-amended` (svc-quotes): the pilot changed an open request; each invited FBO (not withdrawn) is told
 * what changed. `changes` are the amendment's fields before and after (see amendments.ts).
 */
export interface QuoteRequestAmendedData {
  quoteRequestId: string;
  uniqueId: string;
  requesterId: string;
  version: number;
  changes: AmendedField[];
  invitationIds: string[];
  amendedAt: string;
}

/** What happened to the subscription in a `subscription-changed` event. */
export type SubscriptionChange = 'created' | 'switched' | 'cancelled' | 'renewed' | 'ended' | 'updated';

/**
 * `subscription-changed` (svc-billing): a user's subscription was created, switched, cancelled (at period end),
 * renewed, ended, or changed by the payment provider. svc-identity keeps the profile's subscription fields from it,
 * svc-quotes the plan's limits. Keep the event with the highest `revision` per user (events may arrive out of order).
 */
export interface SubscriptionChangedData {
  userId: string;
  subscriptionId: string;
  change: SubscriptionChange;
  planId: PlanId;
  planName: string;
  status: SubscriptionStatus;
  /** Whether the plan applies now (status active, trialing or past_due): the profile's hasActiveSubscription. */
  active: boolean;
  /** ISO-8601. After a cancel, access continues until then. */
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** The plan's limits (they apply while `active`). */
  limits: PlanLimits;
  /** Increases with every change of the user's subscriptions. */
  revision: number;
}

/**
 * What changed in a `user-access-changed` event:
 * - `role`, `email`: the user's role or e-mail address changed; every session of the user takes the new values on
 *   its next request (the gateway reloads the user from svc-identity);
 * - `access-revoked`: the user may no longer sign in (their beta invitation was removed and no other covers them,
 *   or the account was closed); every session ends;
 * - `password`: the password was changed or reset; every session ends.
 */
export type UserAccessChange = 'role' | 'email' | 'access-revoked' | 'password';

/**
 * `user-access-changed` (svc-identity, consumed by the gateway): something the gateway's sessions hold about a
 * user, or the user's right to one, changed. Published through the outbox in the transaction of the change, once
 * per affected user.
 */
export interface UserAccessChangedData {
  userId: string;
  change: UserAccessChange;
}

/** `airports-imported` (svc-airports): an airport import finished. */
export interface AirportsImportedData {
  importId: string;
  source: string;
  imported: number;
  skipped: number;
  errorCount: number;
  airports: number;
}

/** `fbo-discovery-requested` (svc-airports): an airport without FBOs was asked for; discovery runs in the background. */
export interface FboDiscoveryRequestedData {
  airportId: string;
  identifier: string;
  code: string | null;
}

/** `fbo-membership-changed` (svc-airports): published through the outbox with the change. */
export interface FboMembershipChangedData {
  fboId: string;
  fboName: string;
  userId: string;
  change: 'added' | 'removed';
  /** The member's role (for `removed`: the role they had). */
  role: 'manager' | 'staff';
  /** The admin or manager who made the change; null for a claim link. */
  byUserId: string | null;
}

// svc-identity's own events (published and consumed by svc-identity, for its mails).

export interface BetaAccessGrantedData {
  userId: string;
  email: string;
  firstName: string;
}

export interface SupportMessageReceivedData {
  supportMessageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The signed-in user who sent it, if any. */
  userId: string | null;
}

export interface PasswordResetData {
  userId: string;
}

export interface EventPayloads {
  'user-registered': UserRegisteredData;
  'quote-submitted': QuoteSubmittedData;
  'fbo-responded': FboRespondedData;
  'quote-cancelled': QuoteCancelledData;
  'quote-request-amended': QuoteRequestAmendedData;
  'subscription-changed': SubscriptionChangedData;
  'user-access-changed': UserAccessChangedData;
  'airports-imported': AirportsImportedData;
  'fbo-discovery-requested': FboDiscoveryRequestedData;
  'beta-access-granted': BetaAccessGrantedData;
  'support-message-received': SupportMessageReceivedData;
  'password-reset': PasswordResetData;
  'fbo-membership-changed': FboMembershipChangedData;
}

/** `quote-accepted`, `booking-confirmed`, `booking-declined` (svc-quotes). */
export interface BookingEventData {
  quoteRequestId: string;
  uniqueId: string;
  requesterId: string;
  fboId: string;
  invitationId: string;
  fboName: string;
  /** booking-declined: the FBO's reason. */
  reason: string | null;
  /** ISO. */
  occurredAt: string;
}
