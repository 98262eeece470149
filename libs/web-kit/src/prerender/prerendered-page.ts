/**
 * For build-time prerenders (a page's first view rendered with react-dom/server into its HTML file, so it paints
 * before its scripts arrive): putting the markup and emotion's styles into the page, and the window the router reads.
 */

/**
 * Splits emotion's inline `<style data-emotion="KEY ID…">` elements out of `markup`: the global ones as they are, the
 * rest as one element naming all their ids. Marked `data-s`, emotion's cache finds them in <head> and counts their
 * rules as inserted instead of moving every one of them there (each move parses its style sheet again).
 */
export function hoistStyles(markup: string): { styles: string; componentStyles: string; body: string } {
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
  return { styles: globals.join('') + component, componentStyles: component, body };
}

/**
 * What becomes of the scripts the page preloads: 'drop' leaves them to the entry script (which fetches them once the
 * view is painted); 'defer' turns them into deferred scripts, fetched at once but at low priority, so the view is
 * painted without waiting for them.
 */
export type PreloadedScripts = 'drop' | 'defer';

/** `pageHtml` with `markup` inside its empty #root and the markup's styles in <head>. */
export function insertPrerendered(pageHtml: string, markup: string, preloaded: PreloadedScripts): string {
  const emptyRoot = '<div id="root"></div>';
  if (!pageHtml.includes(emptyRoot)) throw new Error('the page has no empty <div id="root"></div>');
  if (!pageHtml.includes('</head>')) throw new Error('the page has no </head>');
  const { styles, body } = hoistStyles(markup);
  return pageHtml
    .replace(/<link rel="preload" as="script" href="([^"<>]*)">/g, (_, href: string) =>
      preloaded === 'defer' ? `<script defer src="${href}"></script>` : '',
    )
    .replace('</head>', () => `${styles}</head>`)
    .replace(emptyRoot, () => `<div id="root">${body}</div>`);
}

/** What the router reads of the browser's window when the page is rendered at `pathname`: a fresh history. */
export function prerenderWindow(pathname: string): Window {
  const history = { state: null, replaceState: () => undefined, pushState: () => undefined };
  const location = { pathname, search: '', hash: '', origin: 'http://localhost', href: `http://localhost${pathname}` };
  const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
  return { history, location, ...listeners } as unknown as Window;
}
