import { z } from 'zod';
import { QUOTE_REQUEST_STATUSES } from './quote-requests';

/** Accepting an FBO's offer, and the FBO's confirmation or decline of the booking. */

export const BOOKING_REASON_MAX_LENGTH = 500;

export const BookingMessages = {
  fboId: 'Please choose an FBO',
  /** 409: the FBO has no estimate on this request. */
  noOffer: 'This FBO has not sent an estimate for this request',
  /** 409: a booking is already waiting for an FBO or confirmed. */
  alreadyBooked: 'This request already has a booking',
  /** 409: the request was cancelled. */
  cancelled: 'This request was cancelled',
  decision: 'Please choose confirm or decline',
  reason: 'Please give a reason for declining',
  reasonTooLong: `The reason must be at most ${BOOKING_REASON_MAX_LENGTH} characters`,
  /** 410 at the FBO's link: the request was cancelled, or the booking is no longer this FBO's to answer. */
  withdrawn: 'This quote request was withdrawn by the requester.',
  superseded: 'This booking is no longer waiting for your answer.',
  /** The link page of an FBO the pilot did not choose. */
  notSelected: 'The customer chose another FBO',
} as const;

/** Body of POST /api/quote-requests/{id}/booking. */
export const createBookingSchema = z.object({
  fboId: z.string({ error: BookingMessages.fboId }).trim().min(1, BookingMessages.fboId).max(100),
});
export type CreateBooking = z.output<typeof createBookingSchema>;

/** Body of POST /api/fbo-quote/{fboId}/{token}/booking (and the inbox's). A decline needs a reason. */
export const bookingDecisionSchema = z
  .object({
    decision: z.enum(['confirm', 'decline'], { error: BookingMessages.decision }),
    reason: z
      .string()
      .trim()
      .max(BOOKING_REASON_MAX_LENGTH, BookingMessages.reasonTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'decline' && !body.reason)
      ctx.addIssue({ code: 'custom', message: BookingMessages.reason, path: ['reason'] });
  });
export type BookingDecision = z.output<typeof bookingDecisionSchema>;

/** 200 of both booking calls: where the booking stands. */
export const bookingResponseSchema = z.object({
  quoteRequestId: z.string(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  fboId: z.string().nullable(),
  /** ISO; when the pilot chose. */
  requestedAt: z.string().nullable(),
  /** ISO; when the FBO confirmed. */
  confirmedAt: z.string().nullable(),
  /** FBOs that declined a booking of this request. */
  declinedFboIds: z.array(z.string()),
});
export type BookingResponse = z.output<typeof bookingResponseSchema>;
