import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, acceptCookies, signIn, signInAs } from './session';

const COVER = fileURLToPath(new URL('../fixtures/cover.png', import.meta.url));
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/covers-and-sessions';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The page at desktop width and at 390 px, full length, for a look at the layout. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  // Nothing may stick out sideways on a phone; the message names what does.
  const wide = await page.evaluate((width) => {
    const found = Array.from(document.querySelectorAll('body *')).filter(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    return found.slice(0, 5).map((element) => `${element.tagName}.${element.className}`.slice(0, 120));
  }, PHONE.width);
  expect(wide, `${name} at ${PHONE.width} px`).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

/** An image that the browser actually loaded (the file's bytes came back), not a broken one. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

async function uploadCover(page: Page) {
  await page.locator('input[type=file]').setInputFiles(COVER);
  await expect(page.getByRole('button', { name: 'Change cover' })).toBeVisible();
  await expectLoaded(page.getByRole('img', { name: 'The cover image' }));
}

async function signInAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page, ADMIN.username, ADMIN.password);
  await acceptCookies(page);
  return page;
}

test('an organiser creates a weekly event with a cover and an offer window, and sees its cover and sessions', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Founders breakfast ${Date.now()}`;
  const admin = await signInAdmin(browser);
  await admin.goto('/event/manage/new');
  await acceptCookies(admin);
  await admin.getByRole('textbox', { name: /Title/ }).fill(title);
  await uploadCover(admin);
  await admin.getByRole('textbox', { name: /Venue/ }).fill('Hall B, 1 Main Street');
  await admin.getByRole('textbox', { name: /Time zone/ }).fill('Europe/Paris');

  await admin.getByRole('combobox', { name: 'Repeats' }).click();
  await admin.getByRole('option', { name: 'Weekly' }).click();
  await admin.getByRole('radio', { name: 'After a number of sessions' }).check();
  await admin.getByRole('textbox', { name: 'Number of sessions' }).fill('4');
  const preview = admin.getByText('Next sessions (Europe/Paris)').locator('..');
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  await expect(preview.getByText(/4 sessions in all/)).toBeVisible();

  // Keyboard: a weekday toggle switches with Space (on, then off again, leaving the start's day).
  const other = admin.getByRole('checkbox', { checked: false }).first();
  const otherName = await other.getAttribute('aria-label');
  await other.focus();
  await admin.keyboard.press('Space');
  await expect(admin.getByRole('checkbox', { name: otherName ?? '' })).toBeChecked();
  await admin.keyboard.press('Space');
  await expect(admin.getByRole('checkbox', { name: otherName ?? '' })).not.toBeChecked();
  const starting = await preview.getByRole('listitem').first().textContent();
  const weekday = (starting ?? '').slice(0, 3);
  await admin.getByRole('textbox', { name: 'Seats' }).fill('20');
  await admin.getByRole('textbox', { name: /Offer window/ }).fill('48');
  await admin.getByRole('switch', { name: /Published/ }).check();
  await shots(admin, 'event-form');

  await admin.getByRole('button', { name: 'Create event' }).click();
  await admin.waitForURL(/\/event\/manage\/\d+$/);
  const eventId = admin.url().split('/').pop() as string;

  // What the server stored, and the form reading it back.
  const stored = await admin.request.get(`/api/events/events/getEvent/${eventId}`);
  const event = (await stored.json()).data as { rrule: string; offer_hours: number; cover_file_id: string };
  expect(event.rrule).toMatch(/^FREQ=WEEKLY;BYDAY=[A-Z]{2};COUNT=4$/);
  expect(event.offer_hours).toBe(48);
  expect(event.cover_file_id).toBeTruthy();
  await expect(admin.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Weekly');
  await expect(admin.getByRole('textbox', { name: /Offer window/ })).toHaveValue('48');

  await admin.goto(`/events/overview/${eventId}`);
  await expect(admin.getByRole('heading', { name: title })).toBeVisible();
  await expectLoaded(admin.locator('main img').first());
  await expect(admin.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  const sessions = admin.getByRole('list', { name: 'Upcoming sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(4);
  for (const text of await sessions.allTextContents()) expect(text.startsWith(weekday)).toBe(true);
  await shots(admin, 'event-overview');
});

test('a person creates a community with a cover and sees it on the community card', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Cover makers ${Date.now()}`;
  const mentor = await signInAs(browser, 'mentor');
  await mentor.setViewportSize(DESKTOP);
  await mentor.goto('/new-community/new');
  await mentor.getByRole('textbox', { name: 'Name' }).fill(name);
  await uploadCover(mentor);
  await shots(mentor, 'community-form');
  await mentor.getByRole('button', { name: 'Create community' }).click();
  await expect(mentor).toHaveURL(/\/community\/\d+\/discussion-forum$/);

  await mentor.goto('/community');
  await mentor.getByRole('searchbox', { name: 'Search communities' }).fill(name);
  const card = mentor.locator('.mantine-Card-root').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expectLoaded(card.locator('img'));
  await shots(mentor, 'community-list');
});
