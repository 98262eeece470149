import { useEffect } from 'react';

export const SITE_NAME = 'RampQuote';
/** The social sharing image served by the shell at the site root. */
export const DEFAULT_SOCIAL_IMAGE = '/social-card.png';

export interface PageMeta {
  /** Page title; " | RampQuote" is appended unless the title already names RampQuote. */
  title: string;
  description: string;
  /** Canonical path of the page (default: the current path). */
  path?: string;
  /** Social image, absolute or site-relative (default: the RampQuote card). */
  image?: string;
}

function upsertMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    doc.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

export function documentTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/**
 * Sets the document title, the description and the social sharing tags of spec section 2
 * (type website, large summary card, url, title, description, image).
 */
export function applyPageMeta(meta: PageMeta, doc: Document = document): void {
  const origin = doc.defaultView?.location.origin ?? '';
  const path = meta.path ?? doc.defaultView?.location.pathname ?? '/';
  const imagePath = meta.image ?? DEFAULT_SOCIAL_IMAGE;
  const image = /^https?:\/\//.test(imagePath) ? imagePath : origin + imagePath;
  const url = origin + path;
  const title = documentTitle(meta.title);

  doc.title = title;
  upsertMeta(doc, 'name', 'description', meta.description);
  upsertMeta(doc, 'property', 'og:type', 'website');
  upsertMeta(doc, 'property', 'og:url', url);
  upsertMeta(doc, 'property', 'og:title', title);
  upsertMeta(doc, 'property', 'og:description', meta.description);
  upsertMeta(doc, 'property', 'og:image', image);
  upsertMeta(doc, 'name', 'twitter:card', 'summary_large_image');
  upsertMeta(doc, 'name', 'twitter:title', title);
  upsertMeta(doc, 'name', 'twitter:description', meta.description);
  upsertMeta(doc, 'name', 'twitter:image', image);
}

/** Every route calls this once with its meta. */
export function usePageMeta({ title, description, path, image }: PageMeta): void {
  useEffect(() => {
    applyPageMeta({ title, description, path, image });
  }, [title, description, path, image]);
}
