import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

const ADMIN_EMAIL = 'admin@nexus.local';
const ADMIN_PASSWORD = 'Nexus-Admin-2026!';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

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

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an admin publishes an announcement and a member sees it on /announcements, live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Library hours ${unique()}`;

  // The member has the page open before anything is published.
  const member = await freshPage(browser);
  await member.setViewportSize({ width: 390, height: 844 });
  await signIn(member, 'individual');
  await member.goto('/announcements');
  await expect(member.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await expect(member.getByRole('button', { name: 'New announcement' })).toHaveCount(0);

  await signInAdmin(page);
  await page.goto('/announcements');
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Reaches everyone on the platform.');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('The library stays open until 22:00 this week.');
  await dialog.getByRole('checkbox', { name: 'Pin to the top' }).check();
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Announcements you manage' }).getByText(title)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/tmp/e2e-shots/announcements-admin.png', fullPage: true });

  // Arrives on the member's open page through the socket, without a reload; opening it marks it read.
  const item = member.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item).toContainText('Unread');
  await item.click();
  await expect(member.getByText('The library stays open until 22:00 this week.')).toBeVisible();
  await expect(item).not.toContainText('Unread');
  await expectNoSeriousA11yViolations(member);
  await member.screenshot({ path: '/tmp/e2e-shots/announcements-member-phone.png', fullPage: true });

  await member.reload();
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('Unread');

  // The fan-out job also put it in the member's inbox, under its own title.
  await member.goto('/notifications');
  await expect(member.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(async () => {
    await member.getByRole('tab', { name: 'All' }).click();
    await expect(member.getByRole('link', { name: title })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});
