import { Box, Button, Container, Heading, HStack, Link, Navigate, RouterLink, Spinner, Stack, Text, useLocation, usePageMeta, useSession } from '@rampquote/web-kit';
import { withReturnPath } from '../../lib/return-path';
import { AircraftTab } from '../aircraft/components/AircraftTab';
import { useProfileGetQuery } from './profile-api';
import { ProfileTabContent } from './ProfileTabContent';

export type AccountTab = 'profile' | 'aircraft' | 'billing';
const TABS: { id: AccountTab; label: string; path: string }[] = [
  { id: 'profile', label: 'Profile', path: '/account/profile' },
  { id: 'aircraft', label: 'Aircraft', path: '/account/aircraft' },
  { id: 'billing', label: 'Billing Preferences', path: '/account/billing' },
];

/** The account screen: tabs Profile, Aircraft, Billing Preferences (spec section 2). Signed-in users only. */
export function AccountPage({ tab }: { tab: AccountTab }) {
  usePageMeta({ title: 'My Account', description: 'Your RampQuote profile, aircraft and billing preferences.', path: `/account/${tab}` });
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
          <Button key={t.id} asChild role="tab" aria-selected={t.id === tab} variant={t.id === tab ? 'solid' : 'ghost'} colorPalette="brand" size="sm">
            <RouterLink to={t.path}>{t.label}</RouterLink>
          </Button>
        ))}
      </HStack>
      <Box role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
        {tab === 'profile' ? <ProfileTab /> : null}
        {tab === 'aircraft' ? <AircraftTab /> : null}
        {tab === 'billing' ? (
          <Stack gap="3">
            <Text>Manage your saved cards and your subscription.</Text>
            <Link asChild color="brand.fg">
              <RouterLink to="/billing">Payment methods</RouterLink>
            </Link>
            <Link asChild color="brand.fg">
              <RouterLink to="/subscription">Subscription</RouterLink>
            </Link>
          </Stack>
        ) : null}
      </Box>
    </Container>
  );
}

function ProfileTab() {
  const { data, isLoading, isError } = useProfileGetQuery();
  if (isLoading) return <Spinner aria-label="Loading profile" />;
  if (isError || !data) return <Text color="fg.error">Your profile could not be loaded. Please refresh the page.</Text>;
  return <ProfileTabContent profile={data} />;
}
