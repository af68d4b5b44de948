import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { codeSentTo } from './mail';

const DEMO_PASSWORD = 'Nexus-Demo-2026!';
const SHOTS = '/tmp/e2e-shots';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The cookie banner sits over the page bottom; accept it once so it never covers a button. */
async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(username);
  await page.locator('input[type=password]').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The member's browser: a separate context, so its session never mixes with the admin's. */
async function newMemberPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The "Users a / b" line of a usage block: the users counter as a number. */
async function usersUsed(usage: Locator): Promise<number> {
  const text = await usage
    .getByText(/^\d+ \/ \d+$/)
    .first()
    .textContent();
  return Number(text?.split('/')[0]?.trim());
}

async function switchTo(page: Page, choice: string | RegExp) {
  await page.getByRole('button', { name: /^Switch organisation/ }).click();
  await page.getByRole('menuitem', { name: choice }).click();
}

function clientCard(page: Page, tenantName: string): Locator {
  return page.getByRole('article', { name: tenantName });
}

test('an institute admin sets up a tenant, invites a member and grants a custom role two menus', async ({
  page,
  browser,
}) => {
  // A long journey (two browsers, sign-up with a mailed code): slow on a loaded machine.
  test.setTimeout(120_000);
  const id = unique();
  const tenantName = `Hillside Institute ${id}`;
  const roleName = `Reviewer ${id}`;
  const member = `member${id}`;
  const tenantBase = `/t/institute/${encodeURIComponent(tenantName)}`;

  // The admin signs in and works as the institute admin on the main platform.
  await signIn(page, 'institute-admin');
  await page.waitForURL('**/select-role');
  await page.getByRole('button', { name: /^Institute Admin/ }).click();
  await page.waitForURL('**/admin-center');
  // On the main platform the admin center points to the organisation it administers.
  await expect(
    page.getByRole('button', { name: 'Open the admin center of Riverside Institute of Technology' }),
  ).toBeVisible();

  // Creates the tenant: the page enters it and opens its admin center.
  await page.goto('/tenant-setup');
  await page.getByRole('combobox', { name: 'Kind of organisation' }).click();
  await page.getByRole('option', { name: 'Institute', exact: true }).click();
  await page.getByLabel('Organisation name').fill(tenantName);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await page.waitForURL(`**${tenantBase}/admin-center`);
  await expect(page.getByText(`Managing ${tenantName}`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Switch organisation, current: ${tenantName}` }),
  ).toBeVisible();

  // Its usage before anyone joins.
  await page.goto('/clients');
  await expect(clientCard(page, tenantName).getByText('Users')).toBeVisible();
  const usersBefore = await usersUsed(clientCard(page, tenantName));
  await shot(page, '01-clients-before');
  await page.goto(`${tenantBase}/admin-center`);

  // Invites a member into the tenant.
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await page.getByRole('combobox', { name: 'Invite as' }).click();
  await page.getByRole('option', { name: 'Individual', exact: true }).click();
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/^http:\/\/localhost:\d+\/[\w-]+$/);
  await shot(page, '02-invitation');

  // Defines a custom role and grants it two menus.
  await page.getByRole('tab', { name: 'Custom roles' }).click();
  await page.getByRole('button', { name: 'New custom role' }).click();
  await page.getByRole('dialog').getByLabel('Role name').fill(roleName);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Custom roles' }).getByText(roleName)).toBeVisible();
  await page.getByRole('tab', { name: 'Privilege matrix' }).click();
  await page.getByRole('radiogroup', { name: 'Kind of role' }).getByText('Custom roles').click();
  // A new role opens the default menu until a first menu is ticked; from then on exactly the ticked ones.
  const box = (state: string, menu: string) =>
    page.getByRole('checkbox', { name: `${roleName} ${state} ${menu}`, exact: true });
  await box('opens by default', 'Events').click();
  await expect(box('may open', 'Events')).toBeChecked();
  await box('may not open', 'Resources').click();
  await expect(box('may open', 'Resources')).toBeChecked();
  await shot(page, '03-privileges');

  // The member follows the link, creates an account with the mailed code and accepts.
  const memberPage = await newMemberPage(browser);
  await memberPage.goto(link);
  await acceptCookies(memberPage);
  await expect(memberPage.getByText(`in ${tenantName}`)).toBeVisible();
  await memberPage.getByRole('link', { name: 'Create account' }).click();
  await memberPage.getByLabel('First name').fill('Grace');
  await memberPage.getByLabel('Last name').fill('Hopper');
  await memberPage.getByLabel('Username').fill(member);
  await memberPage.getByLabel(/^Email/).fill(`${member}@example.test`);
  const passwords = memberPage.locator('input[type=password]');
  await passwords.nth(0).fill('compiler pioneer 1952');
  await passwords.nth(1).fill('compiler pioneer 1952');
  await memberPage.getByLabel('I accept the terms and conditions').check();
  await memberPage.getByRole('button', { name: 'Create account' }).click();
  await memberPage.getByLabel('Digit 1 of 6').click();
  // The sixth digit sends the code by itself.
  await memberPage.keyboard.type(await codeSentTo(`${member}@example.test`));
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  await memberPage.waitForURL('**/user/home');

  // The member is now one of the tenant's users the admin sees, as membership needs them: a name and a
  // username, never their email (issue 14).
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  const usersTable = page.getByRole('table', { name: 'Users', exact: true });
  await expect(usersTable.getByText(`@${member}`, { exact: true })).toBeVisible();
  await expect(usersTable.getByText(`${member}@example.test`)).toHaveCount(0);
  await expect(page.getByText('2 users')).toBeVisible();

  // The admin puts the member in a group holding the custom role.
  await page.getByRole('tab', { name: 'Group users' }).click();
  await page.getByRole('button', { name: 'Add to group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to group' });
  await dialog.getByLabel('Group name').fill('Reviewers');
  await dialog.getByRole('combobox', { name: 'Member' }).fill(member);
  await page.getByRole('option', { name: `Grace Hopper (@${member})` }).click();
  await dialog.getByRole('combobox', { name: 'Custom roles' }).click({ force: true });
  await page.getByRole('option', { name: roleName, exact: true }).click();
  await dialog.getByLabel('Group name').click(); // closes the role list
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'group users' }).getByText(roleName)).toBeVisible();
  await shot(page, '04-group');

  // The users counter moved with the new member.
  await page.goto('/clients');
  await expect
    .poll(async () => usersUsed(clientCard(page, tenantName)), { timeout: 10_000 })
    .toBe(usersBefore + 1);
  await shot(page, '05-clients-after');

  // The member enters the tenant and acts in the custom role: exactly its two menus.
  await switchTo(memberPage, `${tenantName}, as Individual`);
  await memberPage.waitForURL(`**${tenantBase}/user/home`);
  await switchTo(memberPage, `${tenantName}, as ${roleName}`);
  const nav = memberPage.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveCount(2);
  await expect(nav.getByRole('link', { name: 'Resources' })).toBeVisible();
  await shot(memberPage, '06-member-menus');
  await expectNoSeriousA11yViolations(memberPage);

  // The server refuses the rest: no custom roles of their own in the tenant, no admin data.
  const tenantId = await memberPage.evaluate(() => {
    const stored = localStorage.getItem('nexus.lastTenant');
    return stored ? (JSON.parse(stored) as { tenant_id: number }).tenant_id : null;
  });
  const refused = await memberPage.request.post('/operations/user/customRole/create', {
    headers: { 'X-Tenant-Id': String(tenantId) },
    data: { role_name: 'self_granted', display_name: 'Self granted', role_view: 'admin' },
  });
  expect(refused.status()).toBe(403);
  // The admin center tells them it is for administrators, and shows no admin data.
  await memberPage.goto(`${tenantBase}/admin-center?tab=custom-roles`);
  await expect(memberPage.getByText('For administrators')).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Go to your home' })).toHaveAttribute(
    'href',
    `${tenantBase}/user/home`,
  );
  await expect(memberPage.getByRole('table', { name: 'Custom roles' })).toHaveCount(0);
  await shot(memberPage, '07-member-refused');
  await memberPage.context().close();

  // The admin switches back to the main platform, then into the tenant again.
  await switchTo(page, 'Main platform');
  await page.waitForURL('**/admin-center');
  await expect(page.getByText('Managing the main platform')).toBeVisible();
  await expect(page.getByRole('button', { name: `Open the admin center of ${tenantName}` })).toBeVisible();
  // No menu entry leads here, so none is lit (Home is not).
  const adminNav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(adminNav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  // Each scope answers with its own users: the member belongs to the tenant, not listed here.
  await expect(usersTable.getByText('@institute-admin', { exact: true })).toBeVisible();
  await expect(usersTable.getByText(`@${member}`, { exact: true })).toHaveCount(0);
  await switchTo(page, new RegExp(`^${tenantName}, as`));
  await page.waitForURL(`**${tenantBase}/admin-center`);
  await expect(page.getByText(`Managing ${tenantName}`)).toBeVisible();
  await expect(usersTable.getByText(`@${member}`, { exact: true })).toBeVisible();
  await shot(page, '08-admin-back-in-tenant');
});
