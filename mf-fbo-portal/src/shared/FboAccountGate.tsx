import { Button, RouterLink, Text, useLocation, useSession, type Session } from '@rampquote/web-kit';
import { FboQuoteMessages } from '@rampquote/contracts';
import type { ReactNode } from 'react';
import { loginPath } from './paths';
import { LoadingScreen, MessageScreen, PortalPage } from './PortalPage';

export const FBO_GATE_TEXTS = {
  signInTitle: 'Sign in to your FBO inbox',
  signInText: 'FBO accounts see every quote request sent to their FBO here and answer it without the e-mailed link.',
  signInButton: 'Sign in',
  notFboTitle: 'This inbox is for FBO accounts',
} as const;

/**
 * What the FBO inbox screens show before their content (each in its own PortalPage frame): the session check, a sign-in prompt for visitors
 * (to /login, coming back here), and a clear message for a signed-in user who is not an FBO account.
 */
export function FboAccountGate({ children }: { children: (user: NonNullable<Session['user']>) => ReactNode }) {
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
        <MessageScreen title={FBO_GATE_TEXTS.signInTitle} text={FBO_GATE_TEXTS.signInText}>
          <Button asChild colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            <RouterLink to={loginPath(pathname + search)}>{FBO_GATE_TEXTS.signInButton}</RouterLink>
          </Button>
        </MessageScreen>
      </PortalPage>
    );
  }
  if (user.role !== 'fbo') {
    return (
      <PortalPage>
        <MessageScreen
          tone="warning"
          title={FBO_GATE_TEXTS.notFboTitle}
          text={`${FboQuoteMessages.inboxForbidden}. You are signed in as ${user.email}.`}
        >
          <Text color="fg.muted">
            FBO staff answer requests from the link in the request e-mail, or by signing in with the e-mail address
            their FBO is listed with.
          </Text>
        </MessageScreen>
      </PortalPage>
    );
  }
  return <>{children(user)}</>;
}
