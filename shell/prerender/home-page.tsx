import { createAppStore } from '@rampquote/web-kit';
import { renderToString } from 'react-dom/server';
import { FRAME_ATTRIBUTE, FRAME_PATH } from '../src/app/prerendered';
import { ShellRoot } from '../src/app/ShellRoot';
import { OUTSIDE_CHROME_PATHS, type RemoteRegistry } from '../src/remotes/remote-registry';

/** The landing page needs no remote; the prerender never loads one. */
const noRemotes: RemoteRegistry = {
  config: () => new Promise(() => undefined),
  routes: () => new Promise(() => undefined),
  retry: () => undefined,
};

/** What the router reads of the browser's window: the path, a fresh history. */
function pageWindow(pathname: string): Window {
  const history = { state: null, replaceState: () => undefined, pushState: () => undefined };
  const href = `http://localhost${pathname}`;
  const location = { pathname, search: '', hash: '', origin: 'http://localhost', href };
  const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
  return { history, location, ...listeners } as unknown as Window;
}

/**
 * The first view of `/` as the shell renders it before the session is known (the header's and the calls to action's
 * loading state), with the styles emotion writes inline beside the elements that use them. The same element as the
 * browser's (src/bootstrap.tsx), so the markup hydrates.
 */
export function renderHomePage(): string {
  return renderToString(<ShellRoot store={createAppStore()} registry={noRemotes} routerWindow={pageWindow('/')} />);
}

/**
 * The frame every page in the chrome shares, as the shell renders it before the page's code and the session are
 * there: header (loading state), main showing the loading spinner, footer. renderToString leaves the suspended
 * page's boundary to the client (the template saying so is dropped: React builds this page, it does not hydrate it).
 */
export function renderPageFrame(): string {
  const markup = renderToString(
    <ShellRoot store={createAppStore()} registry={noRemotes} routerWindow={pageWindow(FRAME_PATH)} />,
  );
  return markup.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, '');
}

/** The paths shown outside the chrome, which the frame does not fit (the gateway answers them with index.html). */
export const FRAMELESS_PATHS = OUTSIDE_CHROME_PATHS;

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

const SCRIPT_PRELOAD = /<link rel="preload" as="script" href="([^"<>]*)">/g;

/**
 * The shell's index.html with `markup` inside its empty #root and the markup's styles in <head>. The landing page
 * goes without the preloads of the scripts: it paints without them, and its entry script fetches them once it has.
 * The frame (`frame`) keeps them, as its page needs them before it shows anything more, at low priority like the
 * entry script's own (the frame paints without them), and marks #root as such.
 */
export function withPrerenderedRoot(indexHtml: string, markup: string, { frame = false } = {}): string {
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  const { styles, body } = hoistStyles(markup);
  const html = frame
    ? indexHtml.replace(SCRIPT_PRELOAD, '<link rel="preload" as="script" href="$1" fetchpriority="low">')
    : indexHtml.replace(SCRIPT_PRELOAD, '');
  return html
    .replace('</head>', () => `${styles}</head>`)
    .replace(emptyRoot, () => `<div id="root"${frame ? ` ${FRAME_ATTRIBUTE}=""` : ''}>${body}</div>`);
}
