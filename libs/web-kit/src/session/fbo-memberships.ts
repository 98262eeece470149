import {
  FboPortalPages,
  Routes,
  type FboMembershipDto,
  type FboMembershipsResponse,
  type UserDto,
} from '@rampquote/contracts';
import { api } from '../api/api';
import { useSession } from './useSession';

/** GET /api/fbo/memberships: the FBOs the signed-in user belongs to (FBO rights come only from these). */
export const fboMembershipsApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboMemberships: build.query<FboMembershipDto[], void>({
      query: () => Routes.fboTeam.memberships,
      transformResponse: (body: FboMembershipsResponse | undefined) => body?.memberships ?? [],
      providesTags: ['FboMembership'],
    }),
  }),
});

export interface FboMemberships {
  /** Empty while loading, for a visitor, or when the call failed. */
  memberships: FboMembershipDto[];
  status: 'loading' | 'ready' | 'error';
}

/** The signed-in user's FBOs (not asked for a visitor). */
export function useFboMemberships(): FboMemberships {
  const { user, status } = useSession();
  const query = fboMembershipsApi.useFboMembershipsQuery(undefined, { skip: !user });
  if (status === 'loading' || (user && (query.isLoading || query.isUninitialized)))
    return { memberships: [], status: 'loading' };
  if (user && query.isError) return { memberships: [], status: 'error' };
  return { memberships: query.data ?? [], status: 'ready' };
}

/**
 * Where a user lands after signing in: an FBO member in the FBO inbox, an `fbo` account without an FBO at "Claim
 * your FBO", anyone else where they were going (null).
 */
export function landingAfterSignIn(
  user: Pick<UserDto, 'role'>,
  memberships: readonly FboMembershipDto[],
): string | null {
  if (memberships.length) return FboPortalPages.inbox;
  if (user.role === 'fbo') return FboPortalPages.claim;
  return null;
}
