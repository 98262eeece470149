import { screen, within } from '@testing-library/react';
import { ANONYMOUS, fakeApi, renderApp } from '../test/render-app';

function sectionHeadings() {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

describe('static pages', () => {
  it('FAQ: seven questions with both response-time statements, and "Still have questions?" linking to /support', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    const headings = sectionHeadings();
    expect(headings.filter((text) => text.endsWith('?') && text !== 'Still have questions?')).toHaveLength(7);
    expect(headings).toContain('Still have questions?');
    expect(screen.getByText(/2-24 hours/)).toHaveTextContent(/1-3 hours/);
    expect(screen.getByText(/Only the FBOs you select/)).toBeInTheDocument();
    expect(screen.getByText(/entry-level tier, Pro and Enterprise/)).toBeInTheDocument();
    expect(screen.getByText(/New Aircraft page/)).toBeInTheDocument();
    expect(screen.getByText(/missing airport/)).toBeInTheDocument();
    expect(screen.getByText(/partnership team/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  });

  it('Privacy: dated June 27, 2025, with the twelve sections of the spec', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText(/Effective date/)).toHaveTextContent('Effective date: June 27, 2025');
    expect(sectionHeadings()).toEqual([
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. How We Share Your Information',
      '5. Data Security',
      '6. Data Retention',
      '7. Your Rights',
      '8. Cookies',
      '9. Children’s Privacy',
      '10. International Data Transfers',
      '11. Changes to This Policy',
      '12. Contact Us',
    ]);
    expect(screen.getByText(/goes only to the FBOs you select for a request/)).toBeInTheDocument();
    expect(screen.getByText(/not intended for anyone under 18/)).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: '12. Contact Us' });
    expect(within(contact).getByRole('link', { name: 'support page' })).toHaveAttribute('href', '/support');
  });

  it('Terms: last updated June 27, 2025, seventeen sections with the disclaimer, fees, notice, law and age', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated: June 27, 2025');
    const headings = sectionHeadings();
    expect(headings).toHaveLength(17);
    expect(headings).toContain('6. Quotes, Pricing and Data Accuracy Disclaimer');
    expect(screen.getByText(/preliminary estimates only/)).toBeInTheDocument();
    expect(screen.getByText(/verify pricing and availability directly with the FBO/)).toBeInTheDocument();
    expect(screen.getByText(/All fees are non-refundable/)).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days' notice/)).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of Washington State/)).toBeInTheDocument();
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
  });
});
