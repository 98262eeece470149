import { createAppStore } from '@rampquote/web-kit';
import { renderToString } from 'react-dom/server';
import { preloadEstimatePage } from '../routes';
import { StandaloneApp } from './StandaloneApp';

/** Where the first view is prerendered: every link shows the same one (its estimate request still loading). */
export const PRERENDERED_LINK_PATH = '/quote/fbo/token';

/** What the router reads of the browser's window: the link's path, a fresh history. */
function linkWindow(pathname: string): Window {
  const history = { state: null, replaceState: () => undefined, pushState: () => undefined };
  const location = { pathname, search: '', hash: '', origin: 'http://localhost', href: `http://localhost${pathname}` };
  const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
  return { history, location, ...listeners } as unknown as Window;
}

/**
 * The first view of an FBO's e-mailed link as the page renders it before the estimate request has arrived (the
 * portal's frame, the request loading), with the styles emotion writes inline beside the elements that use them.
 * The same element as the browser's (bootstrap.tsx), the estimate page's code loaded first there too.
 */
export async function renderLinkPage(): Promise<string> {
  await preloadEstimatePage();
  return renderToString(<StandaloneApp store={createAppStore()} routerWindow={linkWindow(PRERENDERED_LINK_PATH)} />);
}

/**
 * Splits emotion's inline `<style data-emotion="KEY ID…">` elements out of `markup`: the global ones as they are, the
 * rest as one element naming all their ids. Marked `data-s`, emotion's cache finds them in <head> and counts their
 * rules as inserted instead of moving every one of them there.
 */
export function hoistStyles(markup: string): { styles: string; body: string } {
  const open = '<style data-emotion="';
  const globals: string[] = [];
  const ids: string[] = [];
  const rules: string[] = [];
  let body = '';
  let at = 0;
  for (let start = markup.indexOf(open); start >= 0; start = markup.indexOf(open, at)) {
    const nameEnd = markup.indexOf('"', start + open.length);
    const cssStart = markup.indexOf('>', nameEnd) + 1;
    const end = markup.indexOf('</style>', cssStart);
    if (nameEnd < 0 || cssStart <= 0 || end < 0) throw new Error('an unterminated <style> in the prerendered markup');
    const [key, ...names] = markup.slice(start + open.length, nameEnd).split(' ');
    const css = markup.slice(cssStart, end);
    if (key === 'css') {
      ids.push(...names);
      rules.push(css);
    } else globals.push(`<style data-emotion="${[key, ...names].join(' ')}" data-s="">${css}</style>`);
    body += markup.slice(at, start);
    at = end + '</style>'.length;
  }
  body += markup.slice(at);
  const component = ids.length ? `<style data-emotion="css ${ids.join(' ')}" data-s="">${rules.join('')}</style>` : '';
  return { styles: globals.join('') + component, body };
}

/**
 * link.html with `markup` inside its empty #root and the markup's styles in <head>. The scripts it preloaded become
 * deferred scripts: still fetched at once and in parallel, but at low priority, so the first view is painted without
 * waiting for them; each only registers its modules, which the entry script runs once that view is painted.
 */
export function withPrerenderedRoot(pageHtml: string, markup: string): string {
  const emptyRoot = '<div id="root"></div>';
  if (!pageHtml.includes(emptyRoot)) throw new Error('the page has no empty <div id="root"></div>');
  if (!pageHtml.includes('</head>')) throw new Error('the page has no </head>');
  const { styles, body } = hoistStyles(markup);
  return pageHtml
    .replace(
      /<link rel="preload" as="script" href="([^"<>]*)">/g,
      (_, href: string) => `<script defer src="${href}"></script>`,
    )
    .replace('</head>', () => `${styles}</head>`)
    .replace(emptyRoot, () => `<div id="root">${body}</div>`);
}
