import { Link, RouterLink } from '@rampquote/web-kit';
import { EstimatePage } from '../features/estimate/components/EstimatePage';
import { FboAccountGate } from '../shared/FboAccountGate';
import { INBOX_PATH } from '../shared/paths';

/** A request opened from the inbox by a signed-in FBO account: the estimate page without the link. */
export function InboxRequestPage({ invitationId }: { invitationId: string }) {
  return (
    <FboAccountGate>
      {() => (
        <EstimatePage
          source={{ kind: 'inbox', invitationId }}
          back={
            <Link asChild color="brand.fg" display="inline-flex" minH="11" alignItems="center" mb="2">
              <RouterLink to={INBOX_PATH}>← Back to inbox</RouterLink>
            </Link>
          }
        />
      )}
    </FboAccountGate>
  );
}
