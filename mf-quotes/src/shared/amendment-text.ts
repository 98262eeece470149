/** What the amendment pages (form, review, details) tell the pilot. */

/** An amendment changes only the dates, fuel, services and notes. */
export const KEPT_AS_SENT = 'Aircraft, airports and FBOs stay as sent; cancel and send a new request to change them.';

export const AmendmentToasts = {
  amendedTitle: 'Quote request amended',
  unchangedTitle: 'Nothing changed',
  fbosTold: 'The FBOs were told what changed.',
  /** A booking was waiting for the chosen FBO: it is sent the changes and confirms again. */
  bookingToConfirm: 'The FBO you chose was sent the changes and must still confirm your booking.',
} as const;

/**
 * The details page after an amendment of a request whose booking waits for the FBO: "{FBO} was sent the new dates
 * and must still confirm your booking." (or "the changes" when the dates stayed).
 */
export function bookingAmendedText(fboName: string, datesChanged: boolean): string {
  return `${fboName} was sent ${datesChanged ? 'the new dates' : 'the changes'} and must still confirm your booking.`;
}

/** Said before an amendment of a request whose booking waits for the FBO is sent. */
export function bookingToConfirmAgainText(fboName: string): string {
  return `Your booking with ${fboName} still waits for its confirmation: ${fboName} will be sent the changes and must still confirm.`;
}
