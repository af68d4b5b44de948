import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { acceptCookies, DEMO_PASSWORD } from './session';

const ADMIN_EMAIL = 'admin@nexus.local';
const ADMIN_PASSWORD = 'Nexus-Admin-2026!';
const SHOTS = '/tmp/e2e-shots';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Fills the hosted sign-in page; the caller checks where it leads. */
async function submitSignIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(username);
  await page.locator('input[type=password]').first().fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('the platform admin disables and enables a user, and creates and renames a client', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

  // The admin pages are in the navigation.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const users = nav.getByRole('link', { name: 'Users' });
  // The group is open already on an admin page; open it only if it is not.
  await expect(async () => {
    if (!(await users.isVisible())) await nav.getByRole('button', { name: 'Administration' }).click();
    await expect(users).toBeVisible({ timeout: 1000 });
  }).toPass();
  await users.click();
  await expect(page).toHaveURL(/\/admin-center$/);
  await expect(await adminNavLink(nav, 'Clients')).toBeVisible();

  // The user list searches and shows roles.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('volunteer');
  const row = page.getByRole('row').filter({ hasText: '@volunteer' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Volunteer', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Disable volunteer' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('They will no longer be able to sign in.');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Enable volunteer' })).toBeVisible();
  await shot(page, 'padmin-user-disabled');

  // The volunteer cannot sign in: a wrong password reads as any wrong password, the right one says why.
  const volunteer = await freshPage(browser);
  await submitSignIn(volunteer, 'volunteer', 'not the password');
  await expect(volunteer.getByRole('alert')).toContainText('Invalid username or password.');
  await expect(volunteer.getByRole('alert')).not.toContainText('disabled');
  await volunteer.locator('input[type=password]').first().fill(DEMO_PASSWORD);
  await volunteer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(volunteer.getByRole('alert')).toContainText('This account is disabled.');
  await expect(volunteer).toHaveURL(/\/auth\//);
  await shot(volunteer, 'padmin-disabled-sign-in');

  // Enabled again, the volunteer signs in.
  await row.getByRole('button', { name: 'Enable volunteer' }).click();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Disable volunteer' })).toBeVisible();
  await submitSignIn(volunteer, 'volunteer', DEMO_PASSWORD);
  await volunteer.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await expect(volunteer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(
    volunteer.getByRole('navigation', { name: 'Main navigation' }).getByText('Administration'),
  ).toHaveCount(0);
  await volunteer.context().close();

  // A new client, then renamed.
  await (await adminNavLink(nav, 'Clients')).click();
  await expect(page).toHaveURL(/\/clients$/);
  const name = `Harbour Works ${unique()}`;
  await page.getByRole('button', { name: 'New client' }).click();
  const create = page.getByRole('dialog', { name: 'New client' });
  await create.getByRole('button', { name: 'Create client' }).click();
  await expect(create.getByText('Enter the organisation name')).toBeVisible();
  await create.getByLabel('Organisation name').fill(name);
  await create.getByRole('combobox', { name: 'Kind of organisation' }).click();
  await page.getByRole('option', { name: 'Corporate' }).click();
  await create.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Standard' }).click();
  await create.getByRole('button', { name: 'Create client' }).click();
  await expect(create).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('standard', { exact: true })).toBeVisible();
  await shot(page, 'padmin-client-created');

  const renamed = `${name} Group`;
  await card.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${name}` });
  await rename.getByLabel('New name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('article', { name: renamed })).toBeVisible();
  await shot(page, 'padmin-client-renamed');

  // Suspending a client: its administrator, entering it, is told why; resuming opens it again.
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('Acme');
  const acme = page.getByRole('article', { name: 'Acme Corporate Labs' });
  await acme.getByRole('button', { name: 'Suspend Acme Corporate Labs' }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend client' });
  await expect(suspend).toContainText('Its members can no longer work in it until you resume it.');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(acme.getByText('Suspended', { exact: true })).toBeVisible();

  const owner = await freshPage(browser);
  await submitSignIn(owner, 'corporate-admin', DEMO_PASSWORD);
  await owner.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await owner.getByRole('button', { name: /^Switch organisation/ }).click();
  await owner
    .getByRole('menuitem', { name: /Acme Corporate Labs/ })
    .first()
    .click();
  await expect(
    owner.getByText(/This organisation is suspended by the platform administrators/).first(),
  ).toBeVisible();
  await shot(owner, 'padmin-suspended-tenant-admin');
  await owner.context().close();

  await acme.getByRole('button', { name: 'Resume Acme Corporate Labs' }).click();
  await expect(acme.getByText('Suspended', { exact: true })).toHaveCount(0);
});

/** A link of the admin center's menu group, opening the group first when it is closed. */
async function adminNavLink(nav: Locator, name: string): Promise<Locator> {
  const link = nav.getByRole('link', { name }).filter({ visible: true }).first();
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Admin Center' }).click();
  return link;
}
