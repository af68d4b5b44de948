import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

test.describe('shared screens', () => {
  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('The requested URL was not found on this server.')).toBeVisible();
    const link = page.getByRole('link', { name: 'Go to Homepage' });
    await expect(link).toBeVisible();
    // Signed out, the homepage is the sign-in page (spec section 2).
    await expect(link).toHaveAttribute('href', '/login');
    await expectNoSeriousA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown API path answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    const body = await response.json();
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  test('a public route renders while signed out', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/ sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('/auth redirects to /login', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('cookie consent', () => {
  test('Accept hides the banner and persists across a reload', async ({ page }) => {
    await page.goto('/login');
    const accept = page.getByRole('button', { name: 'Accept', exact: true });
    await expect(accept).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await accept.click();
    await expect(accept).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieAccepted'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeHidden();
  });

  test('Preferences opens the dialog and Decline All persists across a reload', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Preferences' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const category of ['Essential', 'Performance and Functionality', 'Analytics and Customization']) {
      await expect(dialog.getByText(category, { exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Decline All' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieAccepted'))).toBe('false');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preferences' })).toBeHidden();
  });

  test('Allow All in the dialog accepts', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Allow All' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookieAccepted'))).toBe('true');
  });
});
