import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

async function signInAs(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button').first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);
  return page;
}

test('a founder completes a technology readiness journey and a mentor confirms the level', async ({
  browser,
}) => {
  // Two people and two axe checks on a machine shared by several runs: generous, never a wall-clock assertion.
  test.setTimeout(150_000);
  const sofia = await signInAs(browser, 'startup');

  // Sofia assesses her technology again (the seed gave her two earlier rounds) and attaches evidence.
  await sofia.goto('/technology-readiness');
  await expect(sofia.getByRole('heading', { name: 'Technology readiness', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await sofia.getByRole('button', { name: 'Assess again' }).click();
  await sofia.getByRole('radio', { name: /^Level 7: System prototype demonstration/ }).check();
  await sofia.getByRole('button', { name: 'Submit my levels' }).click();
  await expect(sofia.getByRole('heading', { name: 'Technology: level 7' })).toBeVisible();
  await expect(sofia.getByRole('heading', { name: 'Recommended next steps' })).toBeVisible();
  await sofia.locator('input[type="file"]').setInputFiles({
    name: 'field-trial-report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% field trial report\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(sofia.getByRole('link', { name: 'field-trial-report.pdf' })).toBeVisible();

  // She asks the mentor to review the level.
  await sofia.getByRole('textbox', { name: "Reviewer's email for Technology" }).fill('mentor@nexus.local');
  await sofia.getByRole('button', { name: 'Request a review' }).click();
  await expect(sofia.getByText('Waiting for Milo Mentor to review this level.')).toBeVisible();
  await expectNoSeriousA11yViolations(sofia);

  // Milo finds it in his queue on the overview, sees the evidence and confirms it.
  const milo = await signInAs(browser, 'mentor');
  await milo.goto('/readiness-journey#reviews');
  const request = milo.getByRole('article', { name: 'Sofia Startup: Technology' }).first();
  await expect(request.getByText(/Self-assessed level 7/)).toBeVisible({ timeout: 30_000 });
  await expect(request.getByRole('link', { name: 'field-trial-report.pdf' })).toBeVisible();
  await request
    .getByRole('textbox', { name: 'Comment for the founder' })
    .fill('The field trial report shows it.');
  await request.getByRole('button', { name: 'Send review' }).click();
  await milo.getByRole('tab', { name: 'Answered' }).click();
  await expect(milo.getByText('You confirmed it: “The field trial report shows it.”').first()).toBeVisible();
  await expectNoSeriousA11yViolations(milo);

  // Sofia sees the confirmed level.
  await sofia.reload();
  await expect(sofia.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(sofia.getByText(/Milo Mentor confirmed your level 7/)).toBeVisible();
});

test('every readiness page opens in its default view', async ({ browser }) => {
  test.setTimeout(150_000);
  const ethan = await signInAs(browser, 'entrepreneur');
  await ethan.goto('/readiness-journey');
  await expect(ethan.getByRole('heading', { name: 'Readiness journey', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(ethan.getByRole('heading', { name: 'Latest levels' })).toBeVisible();
  await expect(ethan.getByRole('table', { name: 'Readiness journeys statistics' })).toBeVisible();
  await expect(ethan.getByRole('heading', { name: 'Reviews asked of you' })).toBeVisible();
  await expectNoSeriousA11yViolations(ethan);
  for (const [path, title] of [
    ['/idea-readiness', 'Idea readiness'],
    ['/entrepreneurial-readiness', 'Entrepreneurial readiness'],
    ['/investor-readiness', 'Investor readiness'],
    ['/technology-readiness', 'Technology readiness'],
  ] as const) {
    await ethan.goto(path);
    await expect(ethan.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(ethan.getByRole('heading', { name: 'Your levels' })).toBeVisible();
    await expect(ethan.getByRole('heading', { name: 'History' })).toBeVisible();
  }
  // The mentor adjusted Ethan's funding level in the seed: the entrepreneurial page says so.
  await ethan.goto('/entrepreneurial-readiness');
  await expect(ethan.getByText(/Milo Mentor adjusted your level 2 to 3/)).toBeVisible();
  await expectNoSeriousA11yViolations(ethan);
});
