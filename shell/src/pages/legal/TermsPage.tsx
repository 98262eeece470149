import { StaticPage } from '../../layout/StaticPage';
import { LegalDocument, SupportLink, type LegalSection } from './LegalDocument';

export const TERMS_DATE = 'June 27, 2025';
export const MINIMUM_AGE = 18;
export const MATERIAL_CHANGE_NOTICE_DAYS = 30;

/** The seventeen sections of the terms (quote-workflow spec section 2, constants of section 9). */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    paragraphs: [
      'These Terms of Service govern your use of RampQuote. By creating an account or using the service you agree to them. If you use RampQuote for a company, you agree on its behalf and confirm you may do so.',
    ],
  },
  {
    heading: 'Eligibility',
    paragraphs: [
      `You must be at least ${MINIMUM_AGE} years old to use RampQuote. The service is not intended for anyone under ${MINIMUM_AGE}.`,
    ],
  },
  {
    heading: 'Description of the Service',
    paragraphs: [
      'RampQuote lets pilots, flight departments and aircraft operators send one request for fuel, hangar and ground-service quotes to the fixed base operators (FBOs) they select at an airport, and compare the responses. FBOs answer through a link; RampQuote does not sell fuel or services itself and is not a party to any agreement between you and an FBO.',
    ],
  },
  {
    heading: 'Beta Access',
    paragraphs: [
      'RampQuote is currently in a limited, invite-only beta. Features may change, be interrupted or be removed while we improve the service. A trial is planned; we will announce its terms before it starts.',
    ],
  },
  {
    heading: 'Accounts and Security',
    paragraphs: [
      'Give accurate information when you register and keep it current. You are responsible for your password and for everything done with your account; tell us at once through the support page if you suspect unauthorised use.',
    ],
  },
  {
    heading: 'Quotes, Pricing and Data Accuracy Disclaimer',
    paragraphs: [
      'Quotes shown on RampQuote are preliminary estimates only. They are prepared by the FBOs, are not guaranteed, and may change with fuel prices, taxes, fees, availability and the details of your visit.',
      'Always verify pricing and availability directly with the FBO before you rely on a quote. Airport, FBO and aircraft information in RampQuote comes from public sources and from FBOs, and may be incomplete or out of date; RampQuote does not guarantee its accuracy.',
    ],
  },
  {
    heading: 'FBO Responses',
    paragraphs: [
      'An FBO that answers a request is responsible for its prices and for the services it provides. Any purchase is made between you and the FBO, on the FBO’s terms.',
    ],
  },
  {
    heading: 'Fees, Membership Tiers and Payment',
    paragraphs: [
      'Membership tiers are planned (entry-level, Pro and Enterprise); their prices are shown before you subscribe. Subscriptions renew each period until you cancel; cancelling stops future renewals.',
      'All fees are non-refundable, except where the law requires otherwise. Payments are processed by our payment provider; we store only the card brand, the last four digits and the expiry date.',
    ],
  },
  {
    heading: 'Acceptable Use',
    paragraphs: [
      'Do not misuse RampQuote: no false or misleading requests, no harassment of FBOs or other users, no attempts to break into or overload the service, no scraping, and no use that breaks the law or aviation regulations.',
    ],
  },
  {
    heading: 'Your Information and Content',
    paragraphs: [
      'You keep the rights to the information you enter. You allow us to use it to run the service, including sending your requests to the FBOs you select, as our Privacy Policy describes.',
    ],
  },
  {
    heading: 'Intellectual Property',
    paragraphs: [
      'RampQuote, its software, design and content belong to RampQuote and its licensors. These terms give you a personal, non-transferable right to use the service; they do not transfer any ownership.',
    ],
  },
  {
    heading: 'Third-Party Services',
    paragraphs: [
      'RampQuote relies on third parties such as payment processors and e-mail providers, and shows information supplied by FBOs. We are not responsible for their services, content or practices.',
    ],
  },
  {
    heading: 'Disclaimer of Warranties',
    paragraphs: [
      'The service is provided "as is" and "as available", without warranties of any kind, including fitness for a particular purpose, accuracy of quotes or uninterrupted availability, to the fullest extent the law allows.',
    ],
  },
  {
    heading: 'Limitation of Liability',
    paragraphs: [
      'To the fullest extent the law allows, RampQuote is not liable for indirect, incidental or consequential damages, or for differences between a quote and the price an FBO charges. Our total liability is limited to the fees you paid us in the twelve months before the claim.',
    ],
  },
  {
    heading: 'Suspension and Termination',
    paragraphs: [
      'You may close your account at any time. We may suspend or close accounts that break these terms or put the service or other users at risk.',
    ],
  },
  {
    heading: 'Changes to These Terms',
    paragraphs: [
      `We may change these terms. For material changes we will give at least ${MATERIAL_CHANGE_NOTICE_DAYS} days' notice by e-mail or in the app before they take effect; continuing to use RampQuote afterwards means you accept them.`,
    ],
  },
  {
    heading: 'Governing Law and Contact',
    paragraphs: [
      'These terms are governed by the laws of Washington State, United States, without regard to its conflict-of-law rules; the courts of Washington State have jurisdiction over any dispute.',
      <>
        Questions about these terms? Contact us through our <SupportLink />.
      </>,
    ],
  },
];

export function TermsPage() {
  return (
    <StaticPage
      heading="Terms of Service"
      lead="The rules for using RampQuote. Quotes are preliminary estimates: always verify pricing with the FBO."
      meta={{
        title: 'Terms of Service',
        description: 'The terms that apply when you use RampQuote to request and compare FBO quotes.',
        path: '/terms',
      }}
    >
      <LegalDocument dateLabel="Last updated" date={TERMS_DATE} isoDate="2025-06-27" sections={TERMS_SECTIONS} />
    </StaticPage>
  );
}
