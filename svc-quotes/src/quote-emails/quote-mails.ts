import {
  AMENDED_FIELD_LABELS,
  DECLINE_REASON_LABELS,
  formatMoneyCents,
  formatQuantity,
  requestedServiceLabels,
  type AmendedField,
  type DeclineReason,
  type QuoteAirportDto,
} from '@rampquote/contracts';
import type { MailMessage } from '@rampquote/service-kit';
import type { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import type { QuoteRequest } from '../quote-requests/quote-request.entity';

/** Texts of the quote e-mails: plain text and HTML with the same content. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 'Fri, 01 May 2030 12:00 UTC' (the page shows local times; a mail cannot know the reader's zone). */
export const mailDate = (d: Date | null) => (d ? `${d.toUTCString().slice(0, 22)} UTC` : 'Not specified');

const airportLine = (a: QuoteAirportDto | null) =>
  a
    ? `${a.identifier} ${a.name}${[a.city, a.state].filter(Boolean).length ? ` (${[a.city, a.state].filter(Boolean).join(', ')})` : ''}`
    : 'Not specified';

export const requesterName = (r: QuoteRequest['requester']) => {
  const person = `${r.firstName} ${r.lastName}`.trim();
  return r.companyName ? `${person || r.email} (${r.companyName})` : person || r.email;
};

const aircraftLine = (request: QuoteRequest) => {
  const a = request.aircraft;
  if (!a) return 'Not specified';
  return [a.tailNumber, `${a.make} ${a.model}`.trim()].filter(Boolean).join(' - ');
};

/** The trip summary lines shared by the FBO mails. */
function tripLines(request: QuoteRequest): [string, string][] {
  return [
    ['Quote ID', request.uniqueId],
    ['Requested by', requesterName(request.requester)],
    ['Aircraft', aircraftLine(request)],
    ['Departure airport', airportLine(request.originAirport)],
    ['Destination', airportLine(request.airport)],
    ['Arrival', mailDate(request.arrivalDate)],
    ['Departure', mailDate(request.departureDate)],
  ];
}

function compose(
  subject: string,
  to: string,
  intro: string[],
  rows: [string, string][],
  list: { title: string; items: string[] } | null,
  action: { label: string; url: string } | null,
  outro: string[],
): MailMessage {
  const text = [
    ...intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(list ? ['', `${list.title}:`, ...(list.items.length ? list.items.map((i) => `- ${i}`) : ['- None'])] : []),
    ...(action ? ['', `${action.label}:`, action.url] : []),
    ...(outro.length ? ['', ...outro] : []),
    '',
    'RampQuote',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">',
    ...intro.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table style="border-collapse:collapse">',
    ...rows.map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    ...(list
      ? [
          `<h3>${escapeHtml(list.title)}</h3><ul>`,
          ...(list.items.length ? list.items : ['None']).map((i) => `<li>${escapeHtml(i)}</li>`),
          '</ul>',
        ]
      : []),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#2b6cb0;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:12px">${escapeHtml(action.url)}</p>`,
        ]
      : []),
    ...outro.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p>RampQuote</p></body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export const invitationSubject = (request: QuoteRequest) =>
  `Estimate requested for ${request.airport.identifier}: ${request.uniqueId}`;

/** To an invited FBO: the trip, the requested services and its link. */
export function invitationMail(request: QuoteRequest, invitation: QuoteInvitation, link: string): MailMessage {
  return compose(
    invitationSubject(request),
    invitation.fbo.email,
    [
      `Hello ${invitation.fbo.name},`,
      `${requesterName(request.requester)} kindly requests an estimate from ${invitation.fbo.name} through RampQuote.`,
    ],
    tripLines(request).concat(request.notes ? [['Notes', request.notes]] : []),
    { title: 'Requested services', items: requestedServiceLabels(request.services, request.units) },
    { label: 'Enter your estimate (no login needed)', url: link },
    ['This link is meant for your FBO only. You may also decline the request from the same page.'],
  );
}

export const withdrawnSubject = (request: QuoteRequest) => `Request withdrawn: ${request.uniqueId}`;

/** To an FBO that had not answered when the requester cancelled. */
export function withdrawnMail(request: QuoteRequest, invitation: QuoteInvitation): MailMessage {
  return compose(
    withdrawnSubject(request),
    invitation.fbo.email,
    [
      `Hello ${invitation.fbo.name},`,
      `The quote request ${request.uniqueId} for ${request.airport.identifier} was withdrawn by the requester. No estimate is needed.`,
    ],
    tripLines(request),
    null,
    null,
    ['The link you received now shows that the request was withdrawn.'],
  );
}

export interface AnswerSummary {
  fboName: string;
  kind: 'submitted' | 'declined';
  totalPriceCents: number | null;
  declineReason: DeclineReason | null;
  declineText: string | null;
}

const answerLine = (a: AnswerSummary) =>
  a.kind === 'submitted'
    ? `${a.fboName}: ${formatMoneyCents(a.totalPriceCents ?? 0)}`
    : `${a.fboName}: declined (${a.declineReason ? DECLINE_REASON_LABELS[a.declineReason] : 'no reason'}${a.declineText ? `: ${a.declineText}` : ''})`;

export const responseSubject = (request: QuoteRequest, fboName: string) =>
  `${fboName} answered your quote request ${request.uniqueId}`;

/** "Email me for each FBO response". */
export function responseMail(
  request: QuoteRequest,
  answer: AnswerSummary,
  detailsUrl: string,
  counts: { responseCount: number; totalFbosCount: number },
): MailMessage {
  return compose(
    responseSubject(request, answer.fboName),
    request.requester.email,
    [
      `Hello ${request.requester.firstName || request.requester.email},`,
      `${answer.fboName} answered your quote request ${request.uniqueId} for ${request.airport.identifier}.`,
    ],
    [
      ['Answer', answerLine(answer)],
      ['Responses', `${counts.responseCount} of ${counts.totalFbosCount}`],
    ],
    null,
    { label: 'Compare the quotes', url: detailsUrl },
    [],
  );
}

export const allRespondedSubject = (request: QuoteRequest) => `All FBOs have responded to ${request.uniqueId}`;

/** "Email me once all FBOs have responded". */
export function allRespondedMail(request: QuoteRequest, answers: AnswerSummary[], detailsUrl: string): MailMessage {
  return compose(
    allRespondedSubject(request),
    request.requester.email,
    [
      `Hello ${request.requester.firstName || request.requester.email},`,
      `Every FBO you asked has answered your quote request ${request.uniqueId} for ${request.airport.identifier}.`,
    ],
    [],
    { title: 'Answers', items: answers.map(answerLine) },
    { label: 'Compare the quotes', url: detailsUrl },
    [],
  );
}

// Bookings --------------------------------------------------------------------------------------------------

export const bookingRequestedSubject = (request: QuoteRequest) =>
  `Booking requested: ${request.uniqueId} at ${request.airport.identifier}`;

/** To the FBO the pilot chose: confirm or decline from the same link; the calendar entry attached. */
export function bookingRequestedMail(
  request: QuoteRequest,
  invitation: QuoteInvitation,
  link: string,
  ics: MailMessage['attachments'],
): MailMessage {
  return {
    ...compose(
      bookingRequestedSubject(request),
      invitation.fboEmail,
      [
        `Hello ${invitation.fbo.name},`,
        `${requesterName(request.requester)} chose your estimate for quote request ${request.uniqueId} and asks you to confirm the booking.`,
      ],
      tripLines(request),
      null,
      { label: 'Confirm or decline the booking', url: link },
      ['The calendar entry for the visit is attached.'],
    ),
    attachments: ics,
  };
}

export const bookingConfirmedSubject = (request: QuoteRequest, fboName: string) =>
  `Booked: ${fboName} confirmed ${request.uniqueId}`;

/** To the pilot: the FBO confirmed; the calendar entry attached. */
export function bookingConfirmedMail(
  request: QuoteRequest,
  fboName: string,
  detailsUrl: string,
  ics: MailMessage['attachments'],
): MailMessage {
  return {
    ...compose(
      bookingConfirmedSubject(request, fboName),
      request.requester.email,
      [
        `Hello ${request.requester.firstName || request.requester.email},`,
        `${fboName} confirmed your booking for quote request ${request.uniqueId} at ${request.airport.identifier}.`,
      ],
      [
        ['Quote ID', request.uniqueId],
        ['FBO', fboName],
        ['Arrival', mailDate(request.arrivalDate)],
        ['Departure', mailDate(request.departureDate)],
      ],
      null,
      { label: 'See the booking', url: detailsUrl },
      ['The calendar entry for the visit is attached.'],
    ),
    attachments: ics,
  };
}

export const bookingDeclinedSubject = (request: QuoteRequest, fboName: string) =>
  `${fboName} declined your booking ${request.uniqueId}`;

/** To the pilot: the FBO declined; the request is back to the pilot's choice. */
export function bookingDeclinedMail(
  request: QuoteRequest,
  fboName: string,
  reason: string | null,
  detailsUrl: string,
): MailMessage {
  return compose(
    bookingDeclinedSubject(request, fboName),
    request.requester.email,
    [
      `Hello ${request.requester.firstName || request.requester.email},`,
      `${fboName} declined your booking for quote request ${request.uniqueId}. You can choose another FBO.`,
    ],
    [['Reason', reason ?? 'Not given']],
    null,
    { label: 'Choose another FBO', url: detailsUrl },
    [],
  );
}

export const notSelectedSubject = (request: QuoteRequest) => `Not selected: ${request.uniqueId}`;

/** To each other FBO that sent an estimate: the customer chose another FBO. */
export function notSelectedMail(request: QuoteRequest, invitation: QuoteInvitation): MailMessage {
  return compose(
    notSelectedSubject(request),
    invitation.fboEmail,
    [
      `Hello ${invitation.fbo.name},`,
      `Thank you for your estimate for quote request ${request.uniqueId} at ${request.airport.identifier}. The customer chose another FBO.`,
    ],
    [],
    null,
    null,
    [],
  );
}

export const bookingCancelledSubject = (request: QuoteRequest) => `Booking cancelled: ${request.uniqueId}`;

/** To the booked (or asked) FBO when the pilot cancels: the calendar entry cancelled. */
export function bookingCancelledMail(
  request: QuoteRequest,
  invitation: QuoteInvitation,
  ics: MailMessage['attachments'],
): MailMessage {
  return {
    ...compose(
      bookingCancelledSubject(request),
      invitation.fboEmail,
      [
        `Hello ${invitation.fbo.name},`,
        `The customer cancelled quote request ${request.uniqueId} and its booking with ${invitation.fbo.name}.`,
      ],
      tripLines(request),
      null,
      null,
      ['The attached calendar entry removes the visit from your calendar.'],
    ),
    attachments: ics,
  };
}

/** One amended field's value as a mail reads it (dates as the other mails, gallons with the shared formatter). */
function amendedValue(field: AmendedField['field'], value: AmendedField['before']): string {
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return 'None';
  if (field === 'arrival' || field === 'departure') return mailDate(new Date(String(value)));
  if (field === 'fuelAmount') return formatQuantity(Number(value), 'gallon');
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** "Arrival: Fri, 01 May 2030 12:00 UTC → Sat, 02 May 2030 12:00 UTC". */
export const amendedLines = (changes: readonly AmendedField[]) =>
  changes.map(
    (c) => `${AMENDED_FIELD_LABELS[c.field]}: ${amendedValue(c.field, c.before)} → ${amendedValue(c.field, c.after)}`,
  );

export const amendedSubject = (request: QuoteRequest) => `Request amended: ${request.uniqueId}`;

/**
 * To each invited FBO when the pilot amends the request: what changed, and its link to confirm or re-price. The FBO
 * whose booking confirmation the pilot awaits also gets the calendar entry moved to the new dates (`bookingIcs`).
 */
export function amendedMail(
  request: QuoteRequest,
  invitation: QuoteInvitation,
  changes: readonly AmendedField[],
  link: string,
  bookingIcs?: MailMessage['attachments'],
): MailMessage {
  const mail = compose(
    amendedSubject(request),
    invitation.fbo.email,
    [
      `Hello ${invitation.fbo.name},`,
      `${requesterName(request.requester)} amended quote request ${request.uniqueId} for ${request.airport.identifier}.`,
    ],
    tripLines(request),
    { title: 'What changed', items: amendedLines(changes) },
    bookingIcs
      ? { label: 'Review the request and confirm or decline the booking', url: link }
      : { label: 'Review the request and confirm or update your estimate', url: link },
    bookingIcs
      ? [
          "The customer's booking with you still waits for your confirmation, now for the request as amended. You may update your estimate first from the same page.",
          'The calendar entry attached replaces the one sent before.',
        ]
      : [
          "An estimate you sent before is kept, marked as for the earlier version, and left out of the customer's comparison until you confirm or update it from the same page.",
        ],
  );
  return bookingIcs ? { ...mail, attachments: bookingIcs } : mail;
}
