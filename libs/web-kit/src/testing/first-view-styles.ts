/** Each of a first view's generated classes has its rule in the view's styles: nothing shows unstyled before the scripts. */
export function expectEveryClassStyled(markup: string, styles: string) {
  for (const [, name] of markup.matchAll(/class="[^"]*\bcss-([a-z0-9]+)/g)) expect(styles).toContain(`.css-${name}`);
}
