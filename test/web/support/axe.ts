import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, from node_modules: evaluated in the page, nothing fetched from any host. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * The accessibility audit of the page as it is now (axe-core, WCAG 2.x A and AA rules and best
 * practices): each violation of `impacts` (serious and critical unless said), as a line naming the
 * rule, the elements and what fails. The script is evaluated through the DevTools protocol, which
 * the page's Content-Security-Policy does not govern (no script element is added).
 */
export async function axeViolations(page: Page, impacts: readonly string[] = ['serious', 'critical']): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate('window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as AxeViolation[];
  return violations
    .filter((v) => v.impact !== null && impacts.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join(' | ')}`);
}
