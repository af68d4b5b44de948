import { type Browser, expect, type Page, test } from '@playwright/test';
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

/** A `datetime-local` value (the browser's own zone, to the minute) for a moment. */
function localInput(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** A judge scores the one submission: 4 on every criterion for one judge, 5 for the other. */
async function judge(browser: Browser, username: string, competitionId: string, score: string) {
  const page = await freshPage(browser);
  await signIn(page, username);
  await page.goto(`/competition/manage/${competitionId}`);
  await expect(page.getByRole('tab', { name: 'Judging' })).toBeVisible();
  for (const name of ['Impact', 'Execution']) {
    await page
      .getByRole('radiogroup', { name: new RegExp(`^${name} score`) })
      .getByText(score, { exact: true })
      .click();
  }
  await page.getByRole('button', { name: 'Save scores' }).click();
  await expect(page.getByText('Scored', { exact: true })).toBeVisible();
  await page.context().close();
}

test('a competition runs one round with two judges and announces a winner whose certificate verifies signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Ledger sprint ${unique()}`;
  const deadline = new Date(Date.now() + 3_600_000);

  // The organiser creates a public competition whose only round closes in an hour.
  await signInAdmin(page);
  await page.goto('/manage-competitions');
  await page.getByRole('button', { name: 'New competition' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Build a ledger in a sprint.');
  await dialog.getByRole('combobox', { name: 'Who can see it' }).click();
  await page.getByRole('option', { name: /^Public/ }).click();
  await dialog.getByLabel('First round’s submission deadline').fill(localInput(deadline));
  await dialog.getByRole('button', { name: 'Create competition' }).click();
  await page.waitForURL(/\/competition\/manage\/\d+$/);
  const competitionId = page.url().split('/').pop() as string;
  await page.getByRole('switch', { name: /Published/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Competition saved.')).toBeVisible();

  // Two judges.
  await page.getByRole('tab', { name: 'Judges' }).click();
  for (const name of ['mentor', 'investor']) {
    await page.getByRole('searchbox', { name: 'Find a judge' }).fill(name);
    await page.getByRole('button', { name: 'Make judge' }).first().click();
    await expect(page.getByText(/is now a judge/).last()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Find a judge' }).fill('');
  }
  await page.screenshot({ path: '/tmp/e2e-shots/competition-judges.png', fullPage: true });

  // An entrant enters on their own and submits.
  const entrant = await freshPage(browser);
  await entrant.setViewportSize({ width: 390, height: 844 });
  await signIn(entrant, 'individual');
  await entrant.goto(`/competition/overview/${competitionId}`);
  await entrant.getByRole('button', { name: 'Enter on my own' }).click();
  await entrant.waitForURL(new RegExp(`/events/registered-competition/${competitionId}$`));
  await entrant.getByRole('textbox', { name: 'Title' }).fill('Tamper-proof receipts');
  await entrant.getByRole('textbox', { name: 'Description' }).fill('Receipts anyone can check.');
  await entrant.getByRole('button', { name: 'Save submission' }).click();
  await expect(entrant.getByText(/Submission saved/)).toBeVisible();
  await entrant.screenshot({ path: '/tmp/e2e-shots/competition-entry-390.png', fullPage: true });

  await judge(browser, 'mentor', competitionId, '4');
  await judge(browser, 'investor', competitionId, '5');

  // The organiser closes the round early by moving its deadline into the past, then announces.
  await page.reload();
  await page.getByRole('tab', { name: 'Rounds and criteria' }).click();
  await page.getByLabel('Submission deadline').fill(localInput(new Date(Date.now() - 60_000)));
  await page.getByRole('button', { name: 'Save rounds' }).click();
  await expect(page.getByText('Rounds saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Submissions and results' }).click();
  await expect(page.getByRole('table').getByText('Tamper-proof receipts').first()).toBeVisible();
  await page.getByRole('checkbox', { name: /Tamper-proof receipts/ }).check();
  await page.getByRole('button', { name: 'Announce winners' }).click();
  await page.getByRole('button', { name: 'Announce', exact: true }).click();
  await expect(page.getByText(/Winners announced/).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-shots/competition-results.png', fullPage: true });

  // The winner opens their certificate; it verifies for someone signed out.
  await entrant.reload();
  await expect(entrant.getByText('Your entry placed 1st')).toBeVisible();
  const href = await entrant.getByRole('link', { name: 'Open your certificate' }).getAttribute('href');
  expect(href).toMatch(/^\/certification\/\d+\//);
  const stranger = await freshPage(browser);
  await stranger.goto(href as string);
  await expect(stranger.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
});

test('/competition/blockchain opens signed out', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto('/competition/blockchain');
  await expect(
    page.getByRole('heading', { name: 'Blockchain for Public Good Challenge', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prizes' })).toBeVisible();
  await expect(page.getByText('to enter this competition.')).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-shots/competition-blockchain.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/e2e-shots/competition-blockchain-390.png', fullPage: true });
});
