import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

/**
 * Issue 22 parts 1 and 2: every hub and home-layout page defined in
 * apps/web/src/features/hubs/definitions.ts, with its heading. Kept here as plain data so the
 * journey reads the pages as a visitor does, not through the web client's code.
 */
const PAGES: [path: string, heading: string][] = [
  ['/policy-mission-hub', 'Policy and mission hub'],
  ['/ip-compliance-hub', 'IP and compliance hub'],
  ['/projects-cohort-hub', 'Projects and cohort hub'],
  ['/csr-hub', 'CSR hub'],
  ['/commercialization-hub', 'Commercialization hub'],
  ['/future-pathways-hub', 'Future pathways hub'],
  ['/wellbeing-hub', 'Wellbeing hub'],
  ['/student-growth-hub', 'Student growth hub'],
  ['/Academic-AI-Lab-hub', 'Academic AI lab hub'],
  ['/collaboration-hub', 'Collaboration hub'],
  ['/customer-discovery-hub', 'Customer discovery hub'],
  ['/startup-success-hub', 'Startup success hub'],
  ['/market-builder-hub', 'Market builder hub'],
  ['/idea-hub', 'Idea hub'],
  ['/innovation-creativity-hub', 'Innovation and creativity hub'],
  ['/technology-hub', 'Technology hub'],
  ['/public-sector-hub', 'Public sector hub'],
  ['/product-development-hub', 'Product development hub'],
  ['/innovation-ecosystem-hub', 'Innovation ecosystem hub'],
  ['/aspiring-entrepreneur-hub', 'Aspiring entrepreneur hub'],
  ['/teacher-excellence-hub', 'Teacher excellence hub'],
  ['/parent-partnership-hub', 'Parent partnership hub'],
  ['/administrator-innovation-hub', 'Administrator innovation hub'],
  ['/home', 'Home'],
  ['/innovation-ecosystem', 'Innovation ecosystem'],
  ['/collaboration', 'Collaboration'],
  ['/innovation-lab', 'Innovation lab'],
  ['/home/innovation-journey', 'Innovation journey'],
  ['/home/dare-and-dream', 'Dare and dream'],
  ['/home/spark-and-shape', 'Spark and shape'],
  ['/home/design-and-develop', 'Design and develop'],
  ['/home/build-and-launch', 'Build and launch'],
  ['/home/learn-and-upskill', 'Learn and upskill'],
  ['/home/wellbeing', 'Wellbeing'],
  ['/home/policy-and-programs', 'Policy and programs'],
  ['/home/engage-and-cocreate', 'Engage and co-create'],
  ['/home/funding', 'Funding'],
  ['/home/serve-and-uplift', 'Serve and uplift'],
];

/**
 * Moves within the single-page app as its links do (the router follows popstate), sparing a full
 * reload and session bootstrap per page on a shared machine.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

test('every defined hub and home page opens with live blocks and no load error', async ({ page }) => {
  test.setTimeout(150_000);
  // The investor sees the seed's public events, programs, library, jobs, experts and open calls.
  await signIn(page, 'investor');
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button').first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);
  await page.goto('/home');

  for (const [path, heading] of PAGES) {
    await test.step(path, async () => {
      await visit(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      const main = page.getByRole('main');
      // Every block has settled into rows or its empty text...
      await expect(main.locator('section[aria-labelledby^=block-]').first()).toBeVisible();
      await expect(main.locator('[aria-busy=true]')).toHaveCount(0);
      // ...none failed...
      await expect(main.getByText(/We could not load/)).toHaveCount(0);
      // ...and at least one shows live rows (a row's link; "See all" sits outside the list).
      await expect(main.locator('section[aria-labelledby^=block-] li a').first()).toBeVisible();
    });
  }

  // One audience hub (the shared layout with shortcuts) and one journey stage pass axe.
  await visit(page, '/teacher-excellence-hub');
  await expect(page.getByRole('link', { name: 'Manage programs' })).toBeVisible();
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await visit(page, '/home/build-and-launch');
  await expect(
    page.getByRole('region', { name: 'Open funding calls', exact: true }).getByRole('link').nth(1),
  ).toBeVisible();
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // On a phone the blocks stack in one column.
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, '/idea-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Idea hub', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/hubs-all-idea-phone.png', fullPage: true });
});
