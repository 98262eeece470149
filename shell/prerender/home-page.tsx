import { createAppStore } from '@rampquote/web-kit';
import { renderToString } from 'react-dom/server';
import { ShellRoot } from '../src/app/ShellRoot';
import type { RemoteRegistry } from '../src/remotes/remote-registry';

/** The landing page needs no remote; the prerender never loads one. */
const noRemotes: RemoteRegistry = {
  config: () => new Promise(() => undefined),
  routes: () => new Promise(() => undefined),
  retry: () => undefined,
};

/** What the router reads of the browser's window: the path `/`, a fresh history. */
function landingWindow(): Window {
  const history = { state: null, replaceState: () => undefined, pushState: () => undefined };
  const location = { pathname: '/', search: '', hash: '', origin: 'http://localhost', href: 'http://localhost/' };
  const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
  return { history, location, ...listeners } as unknown as Window;
}

/**
 * The first view of `/` as the shell renders it before the session is known (the header's and the calls to action's
 * loading state), with the styles emotion writes inline beside the elements that use them. The same element as the
 * browser's (src/bootstrap.tsx), so the markup hydrates.
 */
export function renderHomePage(): string {
  return renderToString(<ShellRoot store={createAppStore()} registry={noRemotes} routerWindow={landingWindow()} />);
}

/**
 * Splits emotion's inline `<style data-emotion="KEY ID…">` elements out of `markup`: the global ones as they are, the
 * rest as one element naming all their ids. Marked `data-s`, emotion's cache finds them in <head> and counts their
 * rules as inserted instead of moving every one of them there (each move parses its style sheet again).
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
 * The shell's index.html with `markup` inside its empty #root and the markup's styles in <head>. Without the
 * preloads of the scripts: the page paints without them, and its entry script fetches them once it has.
 */
export function withPrerenderedRoot(indexHtml: string, markup: string): string {
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  const { styles, body } = hoistStyles(markup);
  return indexHtml
    .replace(/<link rel="preload" as="script" href="[^"<>]*">/g, '')
    .replace('</head>', () => `${styles}</head>`)
    .replace(emptyRoot, () => `<div id="root">${body}</div>`);
}
