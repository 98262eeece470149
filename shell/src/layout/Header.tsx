import {
  Box,
  Button,
  chakra,
  Container,
  errorMessage,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  RouterLink,
  Separator,
  Stack,
  toast,
  useLocation,
  useLogoutMutation,
  useFboMemberships,
  useNavigate,
  type ButtonProps,
} from '@rampquote/web-kit';
import { FboPortalPages } from '@rampquote/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePageSession } from '../session/usePageSession';

function NavItem({ to, children, ...rest }: { to: string; children: ReactNode } & ButtonProps) {
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      color="fg"
      justifyContent={{ base: 'flex-start', md: 'center' }}
      {...rest}
    >
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="6"
      height="6"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </chakra.svg>
  );
}

/** Logout: calls the API, then toasts per spec sections 4 and 8. */
function useLogout() {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout().unwrap();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.', type: 'success' });
      navigate('/');
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: errorMessage(error) || 'An error occurred while logging out.',
        type: 'error',
      });
    }
  };
}

function UserMenu({ firstName, isAdmin }: { firstName: string; isAdmin: boolean }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const go = (to: string) => () => navigate(to);
  return (
    // Placed in the viewport, as the header is: a page scroll does not move the open menu away from its button.
    <Menu.Root positioning={{ placement: 'bottom-end', strategy: 'fixed' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" borderColor="border.emphasized" color="fg">
          {firstName || 'Account'}
          <chakra.svg viewBox="0 0 20 20" width="4" height="4" aria-hidden="true" fill="currentColor">
            <path
              d="M5.5 7.5 10 12l4.5-4.5"
              stroke="currentColor"
              strokeWidth="1.8"
              fill="none"
              strokeLinecap="round"
            />
          </chakra.svg>
        </Button>
      </Menu.Trigger>
      {/* Items act on their own click (Enter clicks the highlighted item): the menu's onSelect only follows an
          item that a pointer move highlighted first. */}
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            <Menu.Item value="profile" onClick={go('/account/profile')}>
              My Profile
            </Menu.Item>
            <Menu.Item value="aircraft" onClick={go('/account/aircraft')}>
              My Aircraft
            </Menu.Item>
            <Menu.Item value="billing" onClick={go('/account/billing')}>
              Billing Preferences
            </Menu.Item>
            {isAdmin ? (
              <Menu.Item value="admin" onClick={go('/admin')}>
                Admin Dashboard
              </Menu.Item>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="logout" onClick={() => void logout()}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * The navigation items that depend on the session. They read it themselves: when the session changes only they
 * render again, not the header around them.
 */
function SessionNavItems() {
  const { user, status } = usePageSession();
  const { memberships } = useFboMemberships();
  const isFboMember = memberships.length > 0;
  // An account made for FBO work gets the FBO items only; a pilot (or admin) who is also a member sees both.
  const pilotItems = user?.role !== 'fbo';
  if (status === 'authenticated' && user)
    return (
      <>
        {isFboMember ? (
          <>
            <NavItem to={FboPortalPages.inbox}>FBO Inbox</NavItem>
            <NavItem to={FboPortalPages.team}>Team</NavItem>
          </>
        ) : null}
        {!isFboMember && user.role === 'fbo' ? <NavItem to={FboPortalPages.claim}>Claim your FBO</NavItem> : null}
        {pilotItems ? (
          <>
            <NavItem to="/history">My Quotes</NavItem>
            <NavItem to="/rfi-form">New Quote</NavItem>
          </>
        ) : null}
        <Separator display={{ md: 'none' }} />
        <UserMenu firstName={user.firstName} isAdmin={user.role === 'admin'} />
      </>
    );
  if (status === 'anonymous')
    return (
      <>
        <NavItem to="/login">Login</NavItem>
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to="/register">Sign Up</RouterLink>
        </Button>
      </>
    );
  return null;
}

/** Page header (spec section 2): navigation by session state, collapsible on small screens. */
export function Header() {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  // Escape closes the open mobile menu and returns focus to its button.
  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <Box
      as="header"
      bg="bg.panel/95"
      borderBottomWidth="1px"
      borderColor="border"
      position="sticky"
      top="0"
      zIndex="sticky"
      backdropFilter="blur(6px)"
    >
      <Container maxW="6xl" py="3">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <RouterLink to="/" aria-label="RampQuote home">
            <HStack gap="2">
              <chakra.svg viewBox="0 0 64 64" width="8" height="8" aria-hidden="true">
                <rect width="64" height="64" rx="14" fill="#15233D" />
                <path d="M8 44h48" stroke="#FBB626" strokeWidth="4" strokeLinecap="round" strokeDasharray="6 6" />
                <path d="M14 32 50 22l4 3-14 6 6 11-4 1-9-10-12 5-3 6-3 1 1-9z" fill="#E8EEF8" />
              </chakra.svg>
              <chakra.span fontWeight="bold" fontSize="xl" letterSpacing="tight" color="fg">
                RampQuote
              </chakra.span>
            </HStack>
          </RouterLink>

          <IconButton
            ref={toggleRef}
            display={{ base: 'inline-flex', md: 'none' }}
            variant="ghost"
            color="fg"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((value) => !value)}
          >
            <MenuIcon open={open} />
          </IconButton>

          <Box
            as="nav"
            id={navId}
            aria-label="Main"
            onKeyDown={onNavKeyDown}
            width={{ base: 'full', md: 'auto' }}
            display={{ base: open ? 'block' : 'none', md: 'block' }}
          >
            <Stack
              direction={{ base: 'column', md: 'row' }}
              gap={{ base: '1', md: '2' }}
              align={{ base: 'stretch', md: 'center' }}
            >
              <NavItem to="/faq">FAQ</NavItem>
              <SessionNavItems />
            </Stack>
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}
