import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './session';

// Issue 23 parts 10 and 11: a tenant route takes its tenant from the URL, not from what a browser
// remembers; anyone else gets the 404 page, inside the frame.

const SHOTS = '/tmp/e2e-shots';
const TENANT = 'Riverside Institute of Technology';
const TENANT_BASE = `/t/institute/${encodeURIComponent(TENANT)}`;
const NOT_FOUND = 'The requested URL was not found on this server.';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/tenant-url-${name}.png`, fullPage: true });
}

/** A new device: a browser context with nothing in its storage, signed in as this demo user. */
async function newDevice(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  const stored = await page.evaluate(() => window.localStorage.getItem('nexus.lastTenant'));
  expect(stored).toBeNull();
  return page;
}

/** The Riverside license id, as the Clients page links it (seeded; its number is the server's). */
async function riversideLicense(browser: Browser): Promise<string> {
  const page = await newDevice(browser, 'institute-admin');
  await page.goto('/clients');
  const seats = page.getByRole('article', { name: TENANT }).getByRole('link', { name: 'Seats' });
  const href = (await seats.getAttribute('href')) ?? '';
  await page.context().close();
  const id = /^\/license-ums\/(\d+)/.exec(href)?.[1];
  expect(id, `Seats link: ${href}`).toBeTruthy();
  return id as string;
}

async function expectFrame(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}

test('a tenant admin on a new device opens the admin center and the license by URL', async ({ browser }) => {
  test.setTimeout(90_000);
  const license = await riversideLicense(browser);

  const page = await newDevice(browser, 'institute-admin');
  await page.goto(`${TENANT_BASE}/admin-center`);
  await expect(page.getByText(`Managing ${TENANT}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Switch organisation, current: ${TENANT}` })).toBeVisible();
  // The tenant's members, not the main platform's: the admin, the teacher and the student.
  const users = page.getByRole('table', { name: 'Users' });
  for (const member of ['@institute-admin', '@teacher', '@student']) {
    await expect(users.getByText(member, { exact: true })).toBeVisible();
  }
  await expect(users.locator('tbody tr')).toHaveCount(3);
  await shot(page, '01-admin-center-new-device');
  await page.context().close();

  // The license, opened first thing on another new device, without ?tenant=.
  const second = await newDevice(browser, 'institute-admin');
  await second.goto(`/license-ums/${license}`);
  await expect(second.getByRole('heading', { name: 'License seats' })).toBeVisible();
  await expect(second.getByText('License not found')).toHaveCount(0);
  await expect(second.getByRole('button', { name: `Switch organisation, current: ${TENANT}` })).toBeVisible();
  await shot(second, '02-license-new-device');
  await second.context().close();
});

test('choosing the Tenant Admin role lands in that tenant admin center', async ({ browser }) => {
  const page = await newDevice(browser, 'institute-admin');
  await page.goto('/select-role');
  // Other journeys may make this admin a Tenant Admin elsewhere too: the card names the organisation.
  const card = page.getByRole('button', { name: `Tenant Admin ${TENANT} Admin view` });
  await expect(card).toBeVisible();
  await shot(page, '03a-select-role');
  await card.click();
  await page.waitForURL(`**${TENANT_BASE}/admin-center`);
  await expect(page.getByText(`Managing ${TENANT}`)).toBeVisible();
  await expect(page.getByText('Managing the main platform')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr')).toHaveCount(3);
  await shot(page, '03-after-select-role');
  await page.context().close();
});

test('a non-member opening a tenant URL gets the 404 page with the menu still there', async ({ browser }) => {
  test.setTimeout(90_000);
  const license = await riversideLicense(browser);
  const page = await newDevice(browser, 'investor');
  await page.goto(`${TENANT_BASE}/admin-center`);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expectFrame(page);
  await expect(page.getByText(`Managing ${TENANT}`)).toHaveCount(0);
  await expect(page).toHaveTitle('Page not found · Nexus');
  await shot(page, '04-non-member-404');
  // On a phone the menu is one tap away behind the burger.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await shot(page, '04b-non-member-404-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto(`/license-ums/${license}`);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expectFrame(page);

  // Any unknown path keeps the frame for a signed-in person, and its link leads home.
  await page.goto('/no/such/page');
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expectFrame(page);
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await page.waitForURL('**/user/home');
  await shot(page, '05-home-from-404');
  await page.context().close();
});

test('signed out, the 404 page stays bare', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});
