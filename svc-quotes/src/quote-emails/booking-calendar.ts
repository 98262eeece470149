import type { QuoteRequest } from '../quote-requests/quote-request.entity';

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
const text = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
/** 20300501T120000Z */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Long lines folded at 73 octets-ish (75 allowed): continuation lines start with a space. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 73) {
    out.push(rest.slice(0, 73));
    rest = ` ${rest.slice(73)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/** What a calendar entry of a booking was sent for, in the order they can happen within one version. */
const CALENDAR_STEPS = ['amended', 'requested', 'confirmed', 'cancelled'] as const;
export type CalendarStep = (typeof CALENDAR_STEPS)[number];

/**
 * The entry's SEQUENCE: higher for a later version of the request, and within one version for a later step, so a
 * calendar always keeps the newest of the entries it was sent (an amendment of version 2 outranks the request
 * and the confirmation of version 1; a cancellation outranks everything before it).
 */
export function calendarSequence(version: number, step: CalendarStep): number {
  return (Math.max(1, version) - 1) * CALENDAR_STEPS.length + CALENDAR_STEPS.indexOf(step);
}

/**
 * The booking as a calendar entry (iCalendar, one VEVENT from arrival to departure at the destination with the FBO
 * and the quote ID). One UID per request, so a later version updates it (higher SEQUENCE) and CANCEL removes it.
 */
export function bookingCalendar(
  request: Pick<QuoteRequest, 'id' | 'uniqueId' | 'airport' | 'arrivalDate' | 'departureDate' | 'version'>,
  fboName: string,
  step: CalendarStep,
  options: { now?: Date } = {},
): string {
  const method = step === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const start = request.arrivalDate ?? options.now ?? new Date();
  const end =
    request.departureDate && request.departureDate > start
      ? request.departureDate
      : new Date(start.getTime() + 3600_000);
  const airport = request.airport;
  const place = [airport.identifier, airport.name, airport.city, airport.state].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RampQuote//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:booking-${request.id}@rampquote`,
    `SEQUENCE:${calendarSequence(request.version, step)}`,
    `DTSTAMP:${stamp(options.now ?? new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${text(`${airport.identifier}: ${fboName} (${request.uniqueId})`)}`,
    `LOCATION:${text(`${fboName}, ${place}`)}`,
    `DESCRIPTION:${text(`RampQuote booking ${request.uniqueId} with ${fboName} at ${place}. Arrival to departure.`)}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export const calendarAttachment = (ics: string, method: 'REQUEST' | 'CANCEL' = 'REQUEST') => ({
  filename: 'booking.ics',
  content: ics,
  contentType: `text/calendar; charset=utf-8; method=${method}`,
});
