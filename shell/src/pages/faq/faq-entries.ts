/** The seven FAQ entries, from the product facts of the spec (quote-workflow section 1). */
export interface FaqEntry {
  question: string;
  answer: string[];
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    question: 'How does a quote request work?',
    answer: [
      'Fill in the Request for Quote form once: your aircraft, the destination airport, your arrival and departure, and the services you need (fuel, hangar space, ground handling and more). Then pick the FBOs at that airport that should receive it.',
      'One submission reaches every FBO you selected. Each FBO answers through its own secure link, without needing an account, and you compare the responses side by side, with the best and worst prices and your savings. Every request gets a unique quote ID to mention when you contact an FBO.',
    ],
  },
  {
    question: 'Who sees my flight information?',
    answer: [
      'Only the FBOs you select for a request receive your flight information. It is never broadcast to every FBO at the airport, and we do not sell it.',
    ],
  },
  {
    question: 'How quickly will I get quotes?',
    answer: [
      'Most quotes arrive within 2-24 hours, and we e-mail you as responses come in. The results view of a request also tells you that quotes typically take 1-3 hours; many FBOs answer that quickly, others take longer.',
    ],
  },
  {
    question: 'What does RampQuote cost?',
    answer: [
      'RampQuote is in a limited beta. A free trial is planned: register your interest by creating an account and we will let you know when it opens.',
      'Membership tiers are planned as well: an entry-level tier, Pro and Enterprise.',
    ],
  },
  {
    question: 'How do I add my aircraft, and what if my aircraft is not listed?',
    answer: [
      'Go to Account > Aircraft tab > Add Aircraft. You may add as many aircraft profiles as you like; the aircraft you choose can affect the prices FBOs quote.',
      'If your make or model is missing from the list, enter it manually on the New Aircraft page.',
    ],
  },
  {
    question: 'What if my airport is missing?',
    answer: [
      'Use the button for a missing airport on the Request for Quote page. We verify the airport and add it. Our goal is global coverage.',
    ],
  },
  {
    question: 'How can my FBO become a RampQuote partner?',
    answer: [
      'FBOs join by contacting our partnership team through the support page. Partners receive quote requests from pilots and flight departments and answer them through a simple link, no login needed.',
    ],
  },
];
