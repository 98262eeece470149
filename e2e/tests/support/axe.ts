import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

// axe-core injected into the page (@axe-core/playwright declares Node >= 22.12). page.evaluate runs through the
// DevTools protocol, so the site's Content Security Policy does not block it.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The page's WCAG 2.2 AA and best-practice violations of the given impacts, one line each. */
export async function axeViolations(page: Page, impacts: readonly string[]): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return found
    .filter((v) => v.impact !== null && impacts.includes(v.impact))
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
