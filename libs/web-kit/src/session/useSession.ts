import type { UserDto } from '@rampquote/contracts';
import { useMeQuery } from './session-api';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: UserDto | null;
  status: SessionStatus;
}

/** The session: checked once at start (loading), then authenticated or anonymous (spec section 4). */
export function useSession(): Session {
  const { data, isLoading, isUninitialized } = useMeQuery();
  if (data) return { user: data, status: 'authenticated' };
  if (isLoading || isUninitialized) return { user: null, status: 'loading' };
  return { user: null, status: 'anonymous' };
}
