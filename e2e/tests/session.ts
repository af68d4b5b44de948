import type { Browser, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Nexus-Demo-2026!';
/** The seeded platform administrator (apps/server's seed). */
export const ADMIN = { username: 'admin@nexus.local', password: 'Nexus-Admin-2026!' };

/** The cookie banner sits over the page bottom; accept it once so it never covers a button. */
export async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** Signs in through the hosted page and waits to be back in the product. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(username);
  await page.locator('input[type=password]').first().fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** A fresh browser context signed in as `username`, past the role choice and the cookie banner. */
export async function signInAs(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button').first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);
  return page;
}
