import type { FboMembershipDto } from '@rampquote/contracts';
import { FboPortalPages } from '@rampquote/contracts';
import { Button, RouterLink, Text, useFboMemberships, useLocation, useSession, type Session } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { loginPath } from './paths';
import { LoadingScreen, MessageScreen, PortalPage } from './PortalPage';

export const FBO_GATE_TEXTS = {
  signInTitle: 'Sign in to your FBO inbox',
  signInText: 'FBO teams see every quote request sent to their FBO here and answer it without the e-mailed link.',
  signInButton: 'Sign in',
  noFboTitle: 'Your account is not linked to an FBO yet',
  noFboText:
    'The FBO inbox shows the requests of the FBOs you are a member of. Claim your FBO with a link we send to its listed address, or ask your FBO manager or RampQuote support to add you.',
  claimButton: 'Claim your FBO',
  loadFailedTitle: 'Your FBOs could not be loaded',
} as const;

type User = NonNullable<Session['user']>;

/** The session check and a sign-in prompt for visitors (to /login, coming back here), each in its own frame. */
export function SignInGate({
  children,
  title = FBO_GATE_TEXTS.signInTitle,
}: {
  children: (user: User) => ReactNode;
  title?: string;
}) {
  const { user, status } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') {
    return (
      <PortalPage>
        <LoadingScreen label="Checking your session..." />
      </PortalPage>
    );
  }
  if (!user) {
    return (
      <PortalPage>
        <MessageScreen title={title} text={FBO_GATE_TEXTS.signInText}>
          <Button asChild colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            <RouterLink to={loginPath(pathname + search)}>{FBO_GATE_TEXTS.signInButton}</RouterLink>
          </Button>
        </MessageScreen>
      </PortalPage>
    );
  }
  return <>{children(user)}</>;
}

function Memberships({
  user,
  children,
}: {
  user: User;
  children: (user: User, memberships: FboMembershipDto[]) => ReactNode;
}) {
  const { memberships, status } = useFboMemberships();
  if (status === 'loading') {
    return (
      <PortalPage>
        <LoadingScreen label="Loading your FBOs..." />
      </PortalPage>
    );
  }
  if (status === 'error') {
    return (
      <PortalPage>
        <MessageScreen
          tone="warning"
          title={FBO_GATE_TEXTS.loadFailedTitle}
          text="Please check your connection and try again."
        />
      </PortalPage>
    );
  }
  if (!memberships.length) {
    return (
      <PortalPage>
        <MessageScreen tone="warning" title={FBO_GATE_TEXTS.noFboTitle} text={FBO_GATE_TEXTS.noFboText}>
          <Text color="fg.muted">You are signed in as {user.email}.</Text>
          <Button asChild colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            <RouterLink to={FboPortalPages.claim}>{FBO_GATE_TEXTS.claimButton}</RouterLink>
          </Button>
        </MessageScreen>
      </PortalPage>
    );
  }
  return <>{children(user, memberships)}</>;
}

/**
 * What the FBO inbox screens show before their content: the session check, a sign-in prompt for visitors, and for a
 * signed-in user who belongs to no FBO (whatever role they chose at registration) the way to "Claim your FBO".
 */
export function FboAccountGate({ children }: { children: (user: User, memberships: FboMembershipDto[]) => ReactNode }) {
  return <SignInGate>{(user) => <Memberships user={user}>{children}</Memberships>}</SignInGate>;
}
