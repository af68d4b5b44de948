import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length} nodes: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`,
    );
}

/** Fails on any serious or critical axe violation of the page as it stands (DESIGN section 6). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  let blocking = await blockingViolations(page);
  if (blocking.length > 0) {
    // A page still rendering (blocks swapping their skeletons for rows) can hand axe nodes that left
    // the document mid-check, reported on `:root`: judge the settled page. A real violation stays.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    blocking = await blockingViolations(page);
  }
  expect(blocking).toEqual([]);
}
