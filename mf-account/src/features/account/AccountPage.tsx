import {
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Navigate,
  RouterLink,
  Spinner,
  Text,
  useLocation,
  usePageMeta,
  useSession,
} from '@rampquote/web-kit';
import { Suspense, type ReactNode } from 'react';
import { withReturnPath } from '../../shared/return-path';
import { useProfileGetQuery } from './profile-api';
import { ProfileTabContent } from './ProfileTabContent';

export type AccountTab = 'profile' | 'aircraft' | 'billing';
const TABS: { id: AccountTab; label: string; path: string }[] = [
  { id: 'profile', label: 'Profile', path: '/account/profile' },
  { id: 'aircraft', label: 'Aircraft', path: '/account/aircraft' },
  { id: 'billing', label: 'Billing Preferences', path: '/account/billing' },
];

/**
 * The account screen: tabs Profile, Aircraft, Billing Preferences (spec section 2). Signed-in users only. The route
 * gives the selected tab's panel as `children` (routes.tsx composes: ProfileTab below, BillingTab.tsx, the aircraft
 * feature's AircraftTab), so this feature does not import another.
 */
export function AccountPage({ tab, children }: { tab: AccountTab; children: ReactNode }) {
  usePageMeta({
    title: 'My Account',
    description: 'Your RampQuote profile, aircraft and billing preferences.',
    path: `/account/${tab}`,
  });
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner m="10" aria-label="Loading" />;
  if (status === 'anonymous') return <Navigate to={withReturnPath('/login', location.pathname)} replace />;

  return (
    <Container maxW="5xl" py="10">
      <Heading as="h1" size="2xl" mb="6">
        My Account
      </Heading>
      <HStack role="tablist" aria-label="Account sections" gap="2" mb="6" borderBottomWidth="1px">
        {TABS.map((t) => (
          <Button
            key={t.id}
            asChild
            role="tab"
            aria-selected={t.id === tab}
            variant={t.id === tab ? 'solid' : 'ghost'}
            colorPalette="brand"
            size="sm"
          >
            <RouterLink to={t.path}>{t.label}</RouterLink>
          </Button>
        ))}
      </HStack>
      <Box role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
        <Suspense fallback={<Spinner aria-label="Loading" />}>{children}</Suspense>
      </Box>
    </Container>
  );
}

/** The Profile tab's panel. */
export function ProfileTab() {
  const { data, isLoading, isError } = useProfileGetQuery();
  if (isLoading) return <Spinner aria-label="Loading profile" />;
  if (isError || !data) return <Text color="fg.error">Your profile could not be loaded. Please refresh the page.</Text>;
  return <ProfileTabContent profile={data} />;
}
