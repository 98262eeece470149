import { StaticPage } from '../../layout/StaticPage';
import { LegalDocument, SupportLink, type LegalSection } from './LegalDocument';

export const PRIVACY_DATE = 'June 27, 2025';

/** The twelve sections of the privacy policy (quote-workflow spec section 2). */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Introduction',
    paragraphs: [
      'RampQuote helps pilots, flight departments and aircraft operators request quotes for fuel, hangar space and ground services from fixed base operators (FBOs) and compare the answers. This policy explains what information we collect when you use RampQuote, how we use it, and the choices you have.',
    ],
  },
  {
    heading: 'Information We Collect',
    paragraphs: [
      'Account information: your name, e-mail address, company name, account type and password (stored only as a secure hash).',
      'Profile and aircraft information: phone number, fuel-loyalty numbers, and the aircraft profiles you save (tail number, make, model, year and specifications).',
      'Quote requests: destination airport, arrival and departure times, passengers, requested services, notes, and the FBOs you select. Payment cards are handled by our payment processor; we keep only the card brand, the last four digits and the expiry date.',
      'Technical information: log data such as IP address, browser type and the pages you visit, and the session cookie that keeps you signed in.',
    ],
  },
  {
    heading: 'How We Use Your Information',
    paragraphs: [
      'We use your information to run your account, send your quote requests to the FBOs you choose, show you their responses, e-mail you notifications about your requests, process subscriptions, answer support messages, keep the service secure, and improve it.',
    ],
  },
  {
    heading: 'How We Share Your Information',
    paragraphs: [
      'Your flight information goes only to the FBOs you select for a request. Those FBOs see the details they need to prepare a quote: the aircraft, the times, the services and how to reach you.',
      'We share information with service providers that work for us (hosting, e-mail delivery, payment processing) under confidentiality obligations, and when the law requires it. We do not sell your personal information.',
    ],
  },
  {
    heading: 'Data Security',
    paragraphs: [
      'We protect your information with encryption in transit, hashed passwords, access controls and monitoring. No system is perfectly secure; please keep your password private and tell us at once if you suspect misuse of your account.',
    ],
  },
  {
    heading: 'Data Retention',
    paragraphs: [
      'We keep your account information while your account is open. Quote requests and responses are kept so you can look back at your history; when you close your account we delete or anonymise your personal information unless we must keep it to meet legal, tax or accounting obligations.',
    ],
  },
  {
    heading: 'Your Rights',
    paragraphs: [
      'You can see and update your profile and aircraft in your account at any time. You may ask us for a copy of your personal information, ask us to correct or delete it, or object to certain uses of it, by contacting us through the support page.',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'RampQuote uses one essential cookie that keeps you signed in, and your browser may store the e-mail address you ask us to remember. We do not use advertising or cross-site tracking cookies.',
    ],
  },
  {
    heading: 'Children’s Privacy',
    paragraphs: [
      'RampQuote is not intended for anyone under 18 years of age, and we do not knowingly collect information from people under 18. If you believe a person under 18 has given us information, contact us and we will delete it.',
    ],
  },
  {
    heading: 'International Data Transfers',
    paragraphs: [
      'RampQuote is operated from the United States. When you use it from elsewhere, or send a request to an FBO in another country, your information may be transferred to and processed in countries with different data protection laws; we protect it as this policy describes wherever it is processed.',
    ],
  },
  {
    heading: 'Changes to This Policy',
    paragraphs: [
      'We may update this policy from time to time. We will post the new version on this page with a new date and, for significant changes, let you know by e-mail or a notice in the app.',
    ],
  },
  {
    heading: 'Contact Us',
    paragraphs: [
      <>
        Questions about this policy or your information? Contact us through our <SupportLink />.
      </>,
    ],
  },
];

export function PrivacyPage() {
  return (
    <StaticPage
      heading="Privacy Policy"
      lead="Your flight information goes only to the FBOs you select. Here is everything else you should know."
      meta={{
        title: 'Privacy Policy',
        description: 'How RampQuote collects, uses and protects your account and flight information.',
        path: '/privacy',
      }}
    >
      <LegalDocument dateLabel="Effective date" date={PRIVACY_DATE} isoDate="2025-06-27" sections={PRIVACY_SECTIONS} />
    </StaticPage>
  );
}
