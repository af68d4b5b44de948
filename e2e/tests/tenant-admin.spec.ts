import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

const DEMO_PASSWORD = 'Nexus-Demo-2026!';
const SHOTS = '/tmp/e2e-shots';
const TENANT = 'Riverside Institute of Technology';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/tenant-admin-${name}.png`, fullPage: true });
}

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(username);
  await page.locator('input[type=password]').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens a section of the admin center: a tab on a wide screen, the section list on a phone. */
async function openSection(page: Page, label: string) {
  const tab = page.getByRole('tab', { name: label });
  if (await tab.isVisible().catch(() => false)) {
    await tab.click();
    return;
  }
  await page.getByRole('combobox', { name: 'Section' }).click();
  await page.getByRole('option', { name: label }).click();
}

test('the tenant admin changes a member’s roles, edits the menu and sees it in the sidebar', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const entry = `Timetable ${id}`;
  const renamed = `School timetable ${id}`;
  const tenantBase = `/t/institute/${encodeURIComponent(TENANT)}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'institute-admin@nexus.local');
  // Earlier journeys may have chosen an admin role already: sign-in then lands on an admin center,
  // where the organisation's own is one click away (below).
  // Past both the hosted sign-in page and the callback: right after the click the URL is still the
  // sign-in page's, and a check made then would miss /select-role.
  await page.waitForURL((url) => !/^\/(auth|account-callback)(\/|$)/.test(url.pathname));
  if (new URL(page.url()).pathname.endsWith('/select-role')) {
    await page
      .getByRole('button', { name: new RegExp(`^Tenant Admin ${TENANT}`) })
      .first()
      .click();
  }
  await page.waitForURL('**/admin-center');
  // The role is held in the organisation: its admin center is one click away if not opened already.
  if (!new URL(page.url()).pathname.startsWith('/t/')) {
    await page.getByRole('button', { name: `Open the admin center of ${TENANT}` }).click();
  }
  await page.waitForURL(`**${tenantBase}/admin-center`);
  await expect(page.getByText(`Managing ${TENANT}`)).toBeVisible();

  // Users: the Actions column changes a member's roles in this organisation.
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByText('@student', { exact: true })).toBeVisible();
  await shot(page, '01-users-1280');
  await users.getByRole('button', { name: 'Change roles of student' }).click();
  let dialog = page.getByRole('dialog', { name: 'Roles of Stella Student' });
  await expect(dialog.getByRole('checkbox', { name: 'Student' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Tenant Admin/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Mentor' }).check();
  await shot(page, '02-roles-dialog-1280');
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(dialog).toBeHidden();
  // Read back from the server: the member now holds both roles here.
  await users.getByRole('button', { name: 'Change roles of student' }).click();
  dialog = page.getByRole('dialog', { name: 'Roles of Stella Student' });
  await expect(dialog.getByRole('checkbox', { name: 'Mentor' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Student' })).toBeChecked();
  // Put the demo data back as it was.
  await dialog.getByRole('checkbox', { name: 'Mentor' }).uncheck();
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(dialog).toBeHidden();
  // Removing oneself is not offered; removing someone else asks first.
  await expect(
    users.getByRole('button', { name: 'Remove institute-admin from the organisation' }),
  ).toHaveCount(0);
  await users.getByRole('button', { name: 'Remove teacher from the organisation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from the organisation' });
  await expect(confirm).toContainText('their account stays');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Menus: the editor shows the sidebar's tree; platform menus are locked, the tenant adds its own.
  await openSection(page, 'Menu editor');
  const tree = page.getByRole('list', { name: 'Menu tree' });
  await expect(tree.getByText('Home', { exact: true })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Edit Home' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New menu' }).click();
  const form = page.getByRole('dialog', { name: 'New menu' });
  await form.getByRole('textbox', { name: /Menu name/ }).fill(entry);
  await form.getByRole('textbox', { name: /Address/ }).fill('/nowhere-at-all');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('No page of this site is at /nowhere-at-all')).toBeVisible();
  await form.getByRole('textbox', { name: /Address/ }).fill('/calendar');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(tree.getByText(entry)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: entry })).toBeVisible();

  // Editing it renames the sidebar entry and changes where it leads.
  await tree.getByRole('button', { name: `Edit ${entry}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit menu' });
  await edit.getByRole('textbox', { name: /Menu name/ }).fill(renamed);
  await edit.getByRole('textbox', { name: /Address/ }).fill('/my-library');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(nav.getByRole('link', { name: renamed })).toBeVisible();
  await expect(nav.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: renamed })).toHaveAttribute('href', /\/my-library$/);
  await shot(page, '03-menus-1280');
  await expectNoSeriousA11yViolations(page);

  // Privilege matrix: what each system role really opens, read-only for a tenant admin, and why.
  await openSection(page, 'Privilege matrix');
  await expect(page.getByText(/only a platform administrator changes what they grant/)).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: `Student opens by default ${renamed} (read-only)` }),
  ).toBeChecked();
  await shot(page, '04-privileges-1280');

  // Subscription and seats are one section away.
  await openSection(page, 'Subscription and seats');
  await expect(page.getByRole('link', { name: 'Manage seats' })).toBeVisible();

  // On a phone the sections are a list, and the new entry is in the sidebar behind the burger.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${tenantBase}/admin-center`);
  await expect(page.getByRole('combobox', { name: 'Section' })).toBeVisible();
  await shot(page, '05-users-390');
  await openSection(page, 'Menu editor');
  await expect(tree.getByText(renamed)).toBeVisible();
  await shot(page, '06-menus-390');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav.getByRole('link', { name: renamed })).toBeVisible();
  await shot(page, '07-sidebar-390');
});
