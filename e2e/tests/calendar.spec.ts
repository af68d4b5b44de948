import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

// The seeded call starts at 15:00 UTC; in Kolkata (UTC+5:30, no summer time) the viewer sees 20:30.
// Chromium names the zone by its older alias, Asia/Calcutta.
test.use({ timezoneId: 'Asia/Kolkata' });

test('a learner opens the calendar, sees the live session in their time zone, switches views and downloads it as .ics', async ({
  page,
}) => {
  // The demo Individual is enrolled in the seeded "Meet the Nexus community" program.
  await signIn(page, 'individual');
  await page.goto('/calendar');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('viewer-time-zone')).toContainText(/Asia\/(Kolkata|Calcutta)/);

  // Month view (the default on a desktop): the call is one to three days ahead, always in the grid.
  const grid = page.locator('.fc');
  await expect(grid.getByText('Community live call')).toBeVisible();
  await expect(page).toHaveURL(/view=month/);
  const listed = page.getByRole('list', { name: 'Items in this view' });
  await expect(listed.getByText('Community live call')).toBeVisible();
  await expect(listed.getByRole('link', { name: 'Open Community live call' })).toHaveAttribute(
    'href',
    /\/program-content\/\d+\?unit=\d+/,
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  // The call may fall in next week.
  if (!(await grid.getByText('Community live call').isVisible()))
    await page.locator('.fc-next-button').click();
  await expect(grid.getByText('Community live call')).toBeVisible();

  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page).toHaveURL(/view=day/);
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();

  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  // Back to this week if the week view moved on: the list runs four weeks from the current one.
  const today = page.getByRole('button', { name: 'Today', exact: true });
  if (await today.isEnabled()) await today.click();
  const row = page.locator('.fc-list-event', { hasText: 'Community live call' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('20:30');

  // An item opens its details: its page, and its own .ics file.
  await row.getByText('Community live call').click();
  const dialog = page.getByRole('dialog', { name: 'Community live call' });
  await expect(dialog).toContainText(/Asia\/(Kolkata|Calcutta)/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download .ics for Community live call' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^live-session-\d+\.ics$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('SUMMARY:Community live call');
  expect(text).toMatch(/DTSTART:\d{8}T150000Z/);

  await dialog.getByRole('link', { name: 'Open Community live call' }).click();
  await expect(page).toHaveURL(/\/program-content\/\d+\?unit=\d+/);
});

test('on a phone the calendar opens on the list, with the call in it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, 'individual');
  await page.goto('/calendar');
  await acceptCookies(page);
  await expect(page).toHaveURL(/view=list/);
  const row = page.locator('.fc-list-event', { hasText: 'Community live call' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('15:00');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test("a platform admin checks a learner's feed on /test-calendar", async ({ page }) => {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Username or email').fill('admin@nexus.local');
  await page.locator('input[type=password]').first().fill('Nexus-Admin-2026!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/test-calendar');
  await expect(page.getByRole('heading', { name: 'Calendar test', level: 1 })).toBeVisible();
  // The list works before anything is typed; a search narrows it.
  await expect(page.getByRole('list', { name: 'People' }).getByRole('button').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('individual');
  const person = page
    .getByRole('list', { name: 'People' })
    .getByRole('button', { name: /individual@nexus\.local/ });
  await person.click();
  const result = page.getByLabel(/^Feed check of /);
  await expect(result.getByText('Feed is well formed')).toBeVisible();
  await expect(result.getByText('Community live call')).toBeVisible();
});
