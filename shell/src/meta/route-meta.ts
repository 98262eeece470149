import { matchPath, type PageMeta } from '@rampquote/web-kit';

const DEFAULT_DESCRIPTION =
  'Request fuel, hangar and ground-handling quotes from several FBOs at once and compare the answers side by side.';

/**
 * Meta for every route of the site, the remotes' included. The shell applies it when the path changes, before
 * the page's own usePageMeta runs, so a page that sets its own meta wins and a page that does not (or a remote
 * that is down) still has a title, a description and the social tags.
 */
export const ROUTE_META: readonly { pattern: string; title: string; description: string }[] = [
  { pattern: '/', title: 'RampQuote — Compare Aviation Service Quotes', description: DEFAULT_DESCRIPTION },
  {
    pattern: '/faq',
    title: 'FAQ',
    description: 'Answers to common questions about requesting and comparing FBO quotes on RampQuote.',
  },
  {
    pattern: '/privacy',
    title: 'Privacy Policy',
    description: 'How RampQuote collects, uses and protects your account and flight information.',
  },
  {
    pattern: '/terms',
    title: 'Terms of Service',
    description: 'The terms that apply when you use RampQuote to request and compare FBO quotes.',
  },
  {
    pattern: '/support',
    title: 'Support',
    description: 'Contact RampQuote support and find quick answers about quotes, aircraft and pricing.',
  },
  { pattern: '/login', title: 'Log In', description: 'Log in to RampQuote to request and compare FBO quotes.' },
  {
    pattern: '/register',
    title: 'Create an Account',
    description: 'Create a RampQuote account to request quotes from FBOs.',
  },
  {
    pattern: '/forgot-password',
    title: 'Forgot Password',
    description: 'Reset the password of your RampQuote account.',
  },
  {
    pattern: '/reset-password',
    title: 'Reset Password',
    description: 'Choose a new password for your RampQuote account.',
  },
  {
    pattern: '/account/*',
    title: 'My Account',
    description: 'Your RampQuote profile, aircraft and billing preferences.',
  },
  {
    pattern: '/account',
    title: 'My Account',
    description: 'Your RampQuote profile, aircraft and billing preferences.',
  },
  { pattern: '/client-profile', title: 'My Profile', description: 'Your RampQuote profile.' },
  {
    pattern: '/aircraftinfo',
    title: 'Aircraft Details',
    description: 'Choose or describe the aircraft for your quote request.',
  },
  { pattern: '/new-aircraft', title: 'New Aircraft', description: 'Describe a new aircraft for your quote request.' },
  { pattern: '/billing', title: 'Billing', description: 'Your saved cards and subscription on RampQuote.' },
  { pattern: '/subscription', title: 'Subscription', description: 'Choose, change or cancel your RampQuote plan.' },
  {
    pattern: '/rfi-form',
    title: 'Request for Quote',
    description: 'Request fuel, hangar and ground-service quotes from the FBOs you select.',
  },
  {
    pattern: '/quote-review',
    title: 'Review Your Quote Request',
    description: 'Check your quote request before it goes to the FBOs.',
  },
  { pattern: '/history', title: 'My Quotes', description: 'Your quote requests and the FBOs’ responses.' },
  {
    pattern: '/quote-details/:id',
    title: 'Quote Details',
    description: 'Compare the FBOs’ responses to your quote request.',
  },
  {
    pattern: '/request-quote',
    title: 'Request a Quote',
    description: 'Request quotes from FBOs at your destination airport.',
  },
  { pattern: '/rfi-form-test', title: 'RFI Form Test', description: 'Diagnostic page of the Request for Quote form.' },
  { pattern: '/clean-form', title: 'Clean Services Form', description: 'Diagnostic page of the services form.' },
  { pattern: '/clean-services', title: 'Clean Services Page', description: 'Diagnostic page of the services form.' },
  {
    pattern: '/quote/:fboId/:quoteId',
    title: 'Submit Your Estimate',
    description: 'Enter your prices for a RampQuote quote request.',
  },
  {
    pattern: '/admin',
    title: 'Admin Dashboard',
    description: 'RampQuote administration: airport import and beta invitations.',
  },
];

/** The meta of a path (the 404 page's for a path no route serves). */
export function routeMetaFor(pathname: string): PageMeta {
  const entry = ROUTE_META.find((candidate) => matchPath({ path: candidate.pattern, end: true }, pathname));
  if (!entry)
    return {
      title: 'Page Not Found',
      description: 'The page you are looking for does not exist on RampQuote.',
      path: pathname,
    };
  return { title: entry.title, description: entry.description, path: pathname };
}
