import {
  Box,
  Button,
  Card,
  chakra,
  Container,
  Heading,
  RouterLink,
  SimpleGrid,
  Stack,
  Text,
  usePageMeta,
} from '@rampquote/web-kit';
import { usePageSession } from '../session/usePageSession';
import { HeroRamp } from './HeroRamp';

export const DEFAULT_OVERLAY_OPACITY = 70;

/** The hero overlay opacity, in percent, clamped to 0–95 (spec section 2). */
export function clampOverlayOpacity(percent: number): number {
  if (!Number.isFinite(percent)) return DEFAULT_OVERLAY_OPACITY;
  return Math.min(95, Math.max(0, percent));
}

const FEATURES: { title: string; text: string; icon: string }[] = [
  {
    title: 'Nationwide coverage',
    text: 'Reach FBOs at thousands of airports across the country from one place.',
    icon: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z',
  },
  {
    title: 'One submission, many FBOs',
    text: 'Describe your stop once; every FBO you pick receives the same request.',
    icon: 'M3 11 21 3l-8 18-2-8-8-2z',
  },
  {
    title: 'Compare prices side by side',
    text: 'Fuel, hangar and handling answers line up so the best offer is obvious.',
    icon: 'M4 20V10h4v10H4zm6 0V4h4v16h-4zm6 0v-7h4v7h-4z',
  },
  {
    title: 'Your flight info stays private',
    text: 'Flight details are shared only with the FBOs you select for a request.',
    icon: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3zm-1 14-4-4 1.4-1.4L11 13.2l4.6-4.6L17 10l-6 6z',
  },
  {
    title: 'FBOs compete for your business',
    text: 'Each FBO knows others are quoting too, so you see their sharpest numbers.',
    icon: 'M7 4h10v3a5 5 0 0 1-4 4.9V15h3v3H8v-3h3v-3.1A5 5 0 0 1 7 7V4zm-4 1h3v2a3 3 0 0 1-3-2zm18 0a3 3 0 0 1-3 2V5h3z',
  },
  {
    title: 'Saved aircraft profiles',
    text: 'Store your aircraft once and every new request is filled in for you.',
    icon: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5l8 2.5z',
  },
];

/**
 * A call to action that depends on the session: while the session loads (and in the page prerendered at build time)
 * its place is kept, invisible, so neither a visitor's nor a signed-in user's button shows to the other. It reads the
 * session itself: when the session changes only the button renders again, not the page around it.
 */
function SessionButton({
  size,
  signedIn,
  visitor,
}: {
  size: 'xl' | 'lg';
  signedIn: { to: string; label: string };
  visitor: { to: string; label: string };
}) {
  const { status } = usePageSession();
  if (status === 'loading')
    return (
      <Button asChild size={size} colorPalette="brand" visibility="hidden" data-testid="session-button-pending">
        <chakra.span>{visitor.label}</chakra.span>
      </Button>
    );
  const { to, label } = status === 'authenticated' ? signedIn : visitor;
  return (
    <Button asChild size={size} colorPalette="brand">
      <RouterLink to={to}>{label}</RouterLink>
    </Button>
  );
}

function Hero({ overlayOpacity = DEFAULT_OVERLAY_OPACITY }: { overlayOpacity?: number }) {
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      position="relative"
      minH="600px"
      display="flex"
      alignItems="center"
      overflow="hidden"
    >
      <Box aria-hidden="true" position="absolute" inset="0" filter="grayscale(100%)" data-testid="hero-image">
        <HeroRamp />
      </Box>
      <Box
        aria-hidden="true"
        position="absolute"
        inset="0"
        bg="black"
        opacity={clampOverlayOpacity(overlayOpacity) / 100}
        data-testid="hero-overlay"
      />
      <Container maxW="5xl" position="relative" py="20">
        <Stack gap="6" maxW="2xl" color="white">
          <Heading
            as="h1"
            id="hero-heading"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.05"
            letterSpacing="tight"
            color="white"
          >
            Never overpay for FBO services again
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900">
            Send one request for fuel, hangar and ground-handling quotes to the FBOs you choose, and compare their
            answers side by side.
          </Text>
          <Box>
            <SessionButton
              size="xl"
              signedIn={{ to: '/rfi-form', label: 'Get a Quote' }}
              visitor={{ to: '/register', label: 'Sign Up' }}
            />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Box as="section" aria-labelledby="features-heading" py={{ base: '14', md: '20' }}>
      <Container maxW="5xl">
        <Heading as="h2" id="features-heading" size="2xl" mb="8" textAlign="center">
          Why pilots use RampQuote
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="6" listStyleType="none" p="0" m="0">
          {FEATURES.map((feature) => (
            <Card.Root as="li" key={feature.title} bg="bg.panel" borderColor="border" variant="outline">
              <Card.Body gap="3">
                <chakra.svg viewBox="0 0 24 24" width="8" height="8" aria-hidden="true" fill="brand.solid">
                  <path d={feature.icon} />
                </chakra.svg>
                <Card.Title as="h3" fontSize="lg">
                  {feature.title}
                </Card.Title>
                <Card.Description color="fg.muted">{feature.text}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function ClosingBanner() {
  return (
    <Box as="section" aria-labelledby="closing-heading" pb={{ base: '14', md: '20' }}>
      <Container maxW="5xl">
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          bg="bg.muted"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="l3"
          px="6"
          py="12"
        >
          <Heading as="h2" id="closing-heading" size="2xl">
            Ready to simplify your FBO experience?
          </Heading>
          <Text color="fg.muted" maxW="xl">
            Create your account, save your aircraft, and let the FBOs come to you with their best prices.
          </Text>
          <SessionButton
            size="lg"
            signedIn={{ to: '/rfi-form', label: 'Get Started' }}
            visitor={{ to: '/register', label: 'Create Your Free Account' }}
          />
        </Stack>
      </Container>
    </Box>
  );
}

export function HomePage() {
  usePageMeta({
    title: 'RampQuote — Compare Aviation Service Quotes',
    description:
      'Request fuel, hangar and ground-handling quotes from several FBOs at once and compare the answers side by side.',
    path: '/',
  });
  return (
    <>
      <Hero />
      <Features />
      <ClosingBanner />
    </>
  );
}
