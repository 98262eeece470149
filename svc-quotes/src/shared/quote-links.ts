import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Routes } from '@rampquote/contracts';
import { SERVICE_CONFIG } from '@rampquote/service-kit';

/** What a new invitation stores (nonce, hash) and what its first e-mail carries (token). */
export interface NewLink {
  nonce: string;
  token: string;
  tokenHash: string;
}

/**
 * FBO link tokens. A token is HMAC-SHA256(key, nonce) in base64url (256 bits), the nonce 16 random bytes and the
 * key derived from LINK_SECRET. The database keeps the nonce and the token's SHA-256 only: a copy of the
 * database gives no working link, and the e-mail consumer can rebuild the link after a retry without the token
 * ever being stored or put into an event.
 */
@Injectable()
export class QuoteLinks {
  private readonly key: Buffer;
  private readonly publicUrl: string;

  constructor(@Inject(SERVICE_CONFIG) config: { LINK_SECRET: string; PUBLIC_URL: string }) {
    this.key = createHmac('sha256', config.LINK_SECRET).update('rampquote:fbo-quote-links:v1').digest();
    this.publicUrl = config.PUBLIC_URL;
  }

  create(): NewLink {
    const nonce = randomBytes(16).toString('base64url');
    const token = this.tokenFor(nonce);
    return { nonce, token, tokenHash: QuoteLinks.hash(token) };
  }

  tokenFor(nonce: string): string {
    return createHmac('sha256', this.key).update(nonce).digest('base64url');
  }

  /** The FBO's link: PUBLIC_URL/quote/{fboId}/{token}. */
  url(fboId: string, nonce: string): string {
    return new URL(Routes.fboQuote.estimatePage(fboId, this.tokenFor(nonce)), this.publicUrl).toString();
  }

  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** Tokens are base64url text of 43 characters; anything else is not looked up. */
  static looksLikeToken(token: string): boolean {
    return /^[A-Za-z0-9_-]{22,128}$/.test(token);
  }
}
