/** The CSS rules the page has once the provider rendered (emotion inserts them into the document's style sheets). */
export function pageCss(): string {
  return [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
}

/** The value a CSS variable gets in the page's style sheets, each place it is set. */
export function variableValues(css: string, name: string): string[] {
  return [...css.matchAll(new RegExp(`${name}:\\s*([^;}]+)`, 'g'))].map(([, value]) => value);
}
