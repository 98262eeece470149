import { FboPortalPages, type FboClaimConfirmResponse } from '@rampquote/contracts';
import { Button, errorMessage, HStack, isApiError, RouterLink, usePageMeta } from '@rampquote/web-kit';
import { useState } from 'react';
import { SignInGate } from '../../../shared/FboAccountGate';
import { MessageScreen, PortalPage } from '../../../shared/PortalPage';
import { useFboClaimConfirmMutation } from '../api/claim-api';

export const CONFIRM_TEXTS = {
  title: 'Confirm your FBO',
  text: 'You opened the link we sent to your FBO. Confirm to become its manager on RampQuote.',
  confirm: 'Confirm',
  doneTitle: 'Welcome to your FBO inbox',
  failedTitle: 'This link cannot be used',
} as const;

function Confirm({ token, email }: { token: string; email: string }) {
  const [confirm, { isLoading }] = useFboClaimConfirmMutation();
  const [done, setDone] = useState<FboClaimConfirmResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (done) {
    const { fboName, airport } = done.membership;
    return (
      <MessageScreen
        tone="success"
        title={CONFIRM_TEXTS.doneTitle}
        text={`You are now the manager of ${fboName} (${airport.identifier}).`}
      >
        <HStack gap="3" flexWrap="wrap">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={FboPortalPages.inbox}>Open the FBO inbox</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg">
            <RouterLink to={FboPortalPages.team}>Add your team</RouterLink>
          </Button>
        </HStack>
      </MessageScreen>
    );
  }
  if (failure) return <MessageScreen tone="warning" title={CONFIRM_TEXTS.failedTitle} text={failure} />;
  return (
    <MessageScreen title={CONFIRM_TEXTS.title} text={`${CONFIRM_TEXTS.text} You are signed in as ${email}.`}>
      <Button
        colorPalette="brand"
        size="lg"
        alignSelf="flex-start"
        loading={isLoading}
        onClick={async () => {
          try {
            setDone(await confirm(token).unwrap());
          } catch (err) {
            setFailure((isApiError(err) && err.body?.error) || errorMessage(err));
          }
        }}
      >
        {CONFIRM_TEXTS.confirm}
      </Button>
    </MessageScreen>
  );
}

/** /fbo-portal/claim/:token: the claim link, confirmed by the account that asked for it. */
export function ClaimConfirmPage({ token }: { token: string }) {
  usePageMeta({ title: CONFIRM_TEXTS.title, description: 'Confirm that you manage this FBO.' });
  return (
    <SignInGate title="Sign in to confirm your FBO">
      {(user) => (
        <PortalPage>
          <Confirm token={token} email={user.email} />
        </PortalPage>
      )}
    </SignInGate>
  );
}
