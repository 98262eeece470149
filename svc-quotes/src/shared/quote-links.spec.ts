import { QuoteLinks } from './quote-links';

const links = new QuoteLinks({
  LINK_SECRET: 'a-secret-of-sufficient-length',
  PUBLIC_URL: 'https://rampquote.example',
});

describe('FBO link tokens', () => {
  it('are 256-bit base64url values whose SHA-256 is what gets stored', () => {
    const link = links.create();
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(link.tokenHash).toBe(QuoteLinks.hash(link.token));
    expect(link.tokenHash).not.toContain(link.token);
    expect(links.create().token).not.toBe(link.token);
  });

  it('are rebuilt from the stored nonce with the service secret only', () => {
    const link = links.create();
    expect(links.tokenFor(link.nonce)).toBe(link.token);
    const other = new QuoteLinks({
      LINK_SECRET: 'another-secret-of-sufficient-length',
      PUBLIC_URL: 'https://rampquote.example',
    });
    expect(other.tokenFor(link.nonce)).not.toBe(link.token);
  });

  it('make the page link PUBLIC_URL/quote/{fboId}/{token}', () => {
    const link = links.create();
    expect(links.url('0b8f7f0e-4a3b-4c55-9d7e-2f1f4b8f6a01', link.nonce)).toBe(
      `https://rampquote.example/quote/0b8f7f0e-4a3b-4c55-9d7e-2f1f4b8f6a01/${link.token}`,
    );
  });
});
