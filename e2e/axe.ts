import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core violations on the page, one line each. axe is injected as an
 * inline script, which our own CSP refuses: open the page with `{ bypassCSP: true }`.
 * `exclude` leaves out what the test is not about (the builder's chrome, a preview frame).
 */
export async function seriousAxeViolations(page: Page, exclude?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: unknown) => Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(excluded ? { exclude: [[excluded]] } : document);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }, exclude ?? null);
}
