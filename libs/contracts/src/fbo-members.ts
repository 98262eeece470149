/**
 * FBO membership (svc-airports): who works for an FBO, added by an admin or by a claim link mailed to the FBO's
 * listed address. FBO rights (the inbox, the team) come only from membership, never from the role chosen at
 * registration or from comparing e-mail addresses.
 */
import { z } from 'zod';
import { emailSchema } from './validation';

export const FBO_MEMBER_ROLES = ['manager', 'staff'] as const;
export type FboMemberRole = (typeof FBO_MEMBER_ROLES)[number];

/** How long a claim link may be used. */
export const FBO_CLAIM_TTL_MS = 24 * 60 * 60 * 1000;

/** What a person reads (exact texts). */
export const FboMemberMessages = {
  claimSent: "We sent a link to the FBO's listed address",
  claimNoAddress: 'Ask RampQuote support to verify this FBO',
  claimOtherAccount: 'This link was sent for another account',
  claimUsed: 'This link has already been used. Ask for a new one from "Claim your FBO".',
  claimExpired: 'This link has expired. Ask for a new one from "Claim your FBO".',
  claimUnknown: 'This link is not valid. Ask for a new one from "Claim your FBO".',
  claimMailSubject: 'Confirm that you manage this FBO on RampQuote',
  fboNotFound: 'FBO not found',
  memberNotFound: 'Not a member of this FBO',
  alreadyMember: 'This user is already a member of this FBO',
  lastManager: 'An FBO keeps at least one manager. Make another member manager first.',
  managersOnly: 'Only a manager of this FBO can change its team',
  invited: (email: string) =>
    `No RampQuote account uses ${email} yet: it is invited to register. Add it here once the account exists.`,
  noAccount: (email: string) => `No RampQuote account uses ${email}. Ask them to register, then add them again.`,
  fboRequired: 'Choose an FBO',
} as const;

/** One member of an FBO (GET .../members). */
export const fboMemberDtoSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(FBO_MEMBER_ROLES),
  /** The admin or manager who added them; null for a claim or a seed. */
  addedBy: z.string().nullable(),
  /** ISO. */
  addedAt: z.string(),
});
export type FboMemberDto = z.output<typeof fboMemberDtoSchema>;

/** GET /api/admin/fbos/{id}/members and GET /api/fbo/{id}/members. */
export const fboMemberListResponseSchema = z.object({
  fbo: z.object({ id: z.string(), name: z.string() }),
  members: z.array(fboMemberDtoSchema),
});
export type FboMemberListResponse = z.output<typeof fboMemberListResponseSchema>;

/** Body of POST /api/admin/fbos/{id}/members and POST /api/fbo/{id}/members. */
export const addFboMemberSchema = z.object({
  email: emailSchema,
  role: z.enum(FBO_MEMBER_ROLES, { error: 'Role must be manager or staff' }).default('staff'),
});
export type AddFboMemberInput = z.output<typeof addFboMemberSchema>;
export type AddFboMemberRequest = z.input<typeof addFboMemberSchema>;

/** 201 of POST .../members: the member added, or (admin, unknown e-mail) the invitation to register. */
export const addFboMemberResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('added'), member: fboMemberDtoSchema }),
  z.object({ status: z.literal('invited'), email: z.string(), message: z.string() }),
]);
export type AddFboMemberResponse = z.output<typeof addFboMemberResponseSchema>;

/** One FBO the signed-in user belongs to. */
export const fboMembershipDtoSchema = z.object({
  fboId: z.string(),
  fboName: z.string(),
  airport: z.object({ identifier: z.string(), name: z.string() }),
  role: z.enum(FBO_MEMBER_ROLES),
});
export type FboMembershipDto = z.output<typeof fboMembershipDtoSchema>;

/** GET /api/fbo/memberships (the signed-in user's), and svc-airports' internal answer for a user. */
export const fboMembershipsResponseSchema = z.object({ memberships: z.array(fboMembershipDtoSchema) });
export type FboMembershipsResponse = z.output<typeof fboMembershipsResponseSchema>;

/** Body of POST /api/fbo-claims. */
export const fboClaimSchema = z.object({
  fboId: z.string({ error: FboMemberMessages.fboRequired }).uuid(FboMemberMessages.fboRequired),
});
export type FboClaimInput = z.output<typeof fboClaimSchema>;

/** 201 of POST /api/fbo-claims (the address itself is never shown). */
export const fboClaimResponseSchema = z.object({
  message: z.string(),
  fbo: z.object({ id: z.string(), name: z.string() }),
});
export type FboClaimResponse = z.output<typeof fboClaimResponseSchema>;

/** 200 of POST /api/fbo-claims/{token}/confirm. */
export const fboClaimConfirmResponseSchema = z.object({ membership: fboMembershipDtoSchema });
export type FboClaimConfirmResponse = z.output<typeof fboClaimConfirmResponseSchema>;

/** The page a claim link opens (in the FBO portal), with the token as its last segment. */
export const FBO_CLAIM_PAGE = '/fbo-portal/claim';

/** The FBO portal's pages (the shell's menu and the landing after sign-in link to them). */
export const FboPortalPages = {
  inbox: '/fbo-portal',
  team: '/fbo-portal/team',
  claim: FBO_CLAIM_PAGE,
  claimConfirm: (token: string) => `${FBO_CLAIM_PAGE}/${encodeURIComponent(token)}`,
} as const;
