import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { codeSentTo, mailCount } from './mail';

const DEMO_PASSWORD = 'Nexus-Demo-2026!';
const unique = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The cookie banner sits over the page bottom; accept it once so it never covers a button. */
async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

async function signInFromLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(username);
  await page.locator('input[type=password]').first().fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function fillRegister(page: Page, name: string, extra?: (page: Page) => Promise<void>) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel(/^Email/).fill(`${name}@example.test`);
  const passwords = page.locator('input[type=password]');
  await passwords.nth(0).fill('analytical engine 1843');
  await passwords.nth(1).fill('analytical engine 1843');
  if (extra) await extra(page);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The sixth digit sends the code by itself (issue 23): no Verify click. */
async function enterCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an adult signs up with the mailed code, chooses investor, registers and lands on /user/home', async ({
  page,
}) => {
  const name = unique();
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.waitForURL(/action=register/);
  await fillRegister(page, name);
  await expect(page.getByText('e***@example.test')).toBeVisible();
  await enterCode(page, await codeSentTo(`${name}@example.test`));

  // A new account holds only the temp role: it lands on onboarding.
  await page.waitForURL('**/onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Register as investor' }).click();
  await page.waitForURL('**/registration/investor');

  await choose(page, 'Kind of investor', 'Angel investor');
  await page
    .getByLabel('Investment thesis')
    .fill('Early-stage climate and education ventures in East Africa with a clear path to revenue.');
  await page.getByLabel('Seed', { exact: true }).check();
  await page.getByRole('combobox', { name: 'Sectors' }).click({ force: true });
  await page.getByRole('option', { name: 'Education', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Geographies' }).fill('Kenya');
  await page.keyboard.press('Enter');
  await page.getByLabel('Minimum ticket').fill('10000');
  await page.getByLabel('Maximum ticket').fill('50000');
  await page.getByRole('button', { name: 'Submit' }).click();

  await page.waitForURL('**/user/home');
  await expect(page.getByText('Investor').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a minor’s sign-up sends the code to the parent, not the child', async ({ page, baseURL }) => {
  const name = unique();
  const parent = `parent-${name}@example.test`;
  await page.goto(
    `/auth/redirect?action=register&redirect_uri=${encodeURIComponent(`${baseURL}/account-callback`)}`,
  );
  await acceptCookies(page);
  await fillRegister(page, name, async (p) => {
    await p.getByLabel('I am under 18').check();
    await p.getByLabel("Parent or guardian's name").fill('Annabella Byron');
    await p.getByLabel("Parent or guardian's email").fill(parent);
    await p.getByLabel("Parent or guardian's phone number").fill('+44 20 7946 0000');
  });
  await expect(page.getByText('p***@example.test')).toBeVisible();
  const code = await codeSentTo(parent);
  expect(await mailCount(`${name}@example.test`)).toBe(0);
  await enterCode(page, code);
  await page.waitForURL('**/onboarding');
});

test('signs out and back in; a reload restores the session silently', async ({ page }) => {
  await signInFromLogin(page, 'investor');
  await page.waitForURL('**/user/home');
  await expect(page.getByRole('heading', { name: /Ivy/ })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Ivy/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/user/home');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
  // The session is gone on the server: a private page goes back through sign-in.
  expect((await page.request.get('/auth/profile')).status()).toBe(401);
  await page.goto('/user/home');
  await page.waitForURL('**/login');

  await signInFromLogin(page, 'investor@nexus.local');
  await page.waitForURL('**/user/home');
});

test('a user with several roles chooses one on /select-role', async ({ page }) => {
  // Choosing saves the active role on the account, so this must be someone no other journey signs
  // in as: afterwards they land straight on their home (the ecosystem journey signs in as incubator).
  await signInFromLogin(page, 'government');
  await page.waitForURL('**/select-role');
  await expect(page.getByRole('heading', { name: 'Choose a role' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: /^Government Body/ }).click();
  await page.waitForURL('**/user/home');
});

test('a locked account says so and waits', async ({ page, baseURL }) => {
  await page.goto(`/auth/redirect?redirect_uri=${encodeURIComponent(`${baseURL}/account-callback`)}`);
  await acceptCookies(page);
  for (let i = 0; i < 5; i += 1) {
    await page.getByLabel('Username or email').fill('mentor');
    await page.locator('input[type=password]').first().fill(`wrong guess ${i}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
  }
  await expect(page.getByText('Too many failed sign-ins. Try again in a few minutes.')).toBeVisible();
});
