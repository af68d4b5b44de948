import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signInAs } from './session';

const ADMIN_EMAIL = 'admin@nexus.local';
const ADMIN_PASSWORD = 'Nexus-Admin-2026!';

async function signInAdmin(page: Page) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(ADMIN_EMAIL);
  await page.locator('input[type=password]').first().fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/**
 * Issue 22: the platform admin edits a hub in the browser (adds a block, previews, publishes) and the
 * page shows it; then takes the block out again and publishes, so other journeys see the default.
 * The demo parent sees the demo child's progress on the parent partnership hub.
 */
test('the platform admin adds a block to a hub and publishes it; a parent sees their child', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Roles ${Date.now().toString(36)}`;
  await signInAdmin(page);

  await page.goto('/manage-hubs');
  await expect(page.getByRole('heading', { level: 1, name: 'Hubs' })).toBeVisible();
  await page.getByRole('link', { name: 'Idea hub', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit hub: Idea hub' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Kind of block' }).click();
  await page.getByRole('option', { name: 'Jobs and internships' }).click();
  await page.getByRole('button', { name: 'Add block' }).click();
  const added = page.getByRole('textbox', { name: 'Block title' }).last();
  await added.fill(title);
  await page.getByRole('button', { name: `Move ${title} up` }).click();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Hub published.')).toBeVisible();

  await page.goto('/idea-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Idea hub' })).toBeVisible();
  const region = page.getByRole('region', { name: title });
  await expect(region).toBeVisible();
  await expect(region.getByRole('link').nth(1)).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-shots/hub-editor-published.png', fullPage: true });

  // Back to the default: remove the block and publish again.
  await page.getByRole('link', { name: 'Edit this hub' }).click();
  await page.getByRole('button', { name: `Remove ${title}` }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Hub published.').first()).toBeVisible();
  await page.goto('/idea-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Idea hub' })).toBeVisible();
  await expect(page.getByRole('region', { name: title })).toHaveCount(0);

  const parent = await signInAs(browser, 'parent');
  await parent.goto('/parent-partnership-hub');
  const children = parent.getByRole('region', { name: "Your children's learning" });
  await expect(children.getByText('Kai Parent')).toBeVisible();
  await expect(children.getByRole('link', { name: 'Getting started with Nexus' })).toBeVisible();
  await expect(children.getByRole('progressbar')).toHaveCount(1);
  await expectNoSeriousA11yViolations(parent);
});
