import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signInAs } from './session';

/**
 * Issue 22 point 5: the personal tools and help pages, each in its default view as the demo student,
 * with the main action of each; the help pages signed out too.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The page's own heading is showing; and axe finds nothing serious on it (DESIGN section 6). */
async function heading(page: Page, name: string) {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
}

test('the student keeps notes and a diary, asks for support, and reads the FAQs and privacy policy', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'student');
  const mark = unique();

  // /notes: the seeded notes, then a new one found by search and by its tag.
  await page.goto('/notes');
  await heading(page, 'Notes');
  await expect(page.getByRole('listitem', { name: 'Pitch deck outline' })).toBeVisible();
  await page.getByRole('button', { name: 'New note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'New note' });
  await noteDialog.getByRole('textbox', { name: 'Title' }).fill(`Idea ${mark}`);
  await noteDialog.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('A study-group finder for the campus.');
  await noteDialog.getByLabel('Tags').fill('ideas');
  await page.keyboard.press('Enter');
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expect(noteDialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search notes' }).fill('study-group');
  await expect(page.getByRole('listitem', { name: `Idea ${mark}` })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Pitch deck outline' })).toHaveCount(0);

  // /dairy: the seeded entries, then today's new one.
  await page.goto('/dairy');
  await heading(page, 'Diary');
  await expect(page.getByText('Demo day prep')).toBeVisible();
  await page.getByRole('button', { name: 'New entry' }).click();
  const entryDialog = page.getByRole('dialog', { name: 'New diary entry' });
  await entryDialog.getByRole('textbox', { name: 'Title (optional)' }).fill(`Entry ${mark}`);
  await entryDialog.getByRole('textbox', { name: 'Entry' }).click();
  await page.keyboard.type('Booked the lab for Saturday.');
  await entryDialog.getByRole('button', { name: 'Save entry' }).click();
  await expect(entryDialog).toHaveCount(0);
  await expect(page.getByText(`Entry ${mark}`)).toBeVisible();

  // /student/support: the seeded answered request, then a new one.
  await page.goto('/student/support');
  await heading(page, 'Support');
  await page.getByRole('button', { name: 'My certificate shows the wrong name' }).click();
  const thread = page.getByRole('dialog', { name: 'Support request' });
  await expect(thread.getByText('Correct your name in Settings')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(thread).toHaveCount(0);
  await page.getByRole('button', { name: 'New request' }).click();
  const ask = page.getByRole('dialog', { name: 'New support request' });
  await ask.getByRole('textbox', { name: 'Subject' }).fill(`Projector ${mark}`);
  await ask.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Something is broken' }).click();
  await ask
    .getByRole('textbox', { name: 'What do you need?' })
    .fill('The projector in room 4 does not turn on.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Support request' }).getByText(`Projector ${mark}`),
  ).toBeVisible();

  // /faqs and /privacy-policy signed in.
  await page.goto('/faqs');
  await heading(page, 'Frequently asked questions');
  await page.getByRole('searchbox', { name: 'Search the FAQs' }).fill('diary');
  await page.getByRole('button', { name: 'Who can read my notes and diary?' }).click();
  await expect(page.getByText('Not even administrators can open them.')).toBeVisible();
  await page.goto('/privacy-policy');
  await heading(page, 'Privacy policy');
  await expect(page.getByText('Version 1, in effect since 1 January 2026')).toBeVisible();
});

test('the help pages read signed out, and a new policy version asks for cookie consent again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/faqs');
  await heading(visitor, 'Frequently asked questions');
  await visitor
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(visitor.getByRole('button', { name: 'How do I change my password?' })).toBeVisible();
  await visitor.goto('/privacy-policy');
  await heading(visitor, 'Privacy policy');
  await expect(visitor.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

  // The platform admin publishes version 2, in effect today.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/login');
  await acceptCookies(admin);
  await admin.getByRole('link', { name: 'Sign in', exact: true }).click();
  await admin.getByLabel('Username or email').fill('admin@nexus.local');
  await admin.locator('input[type=password]').first().fill('Nexus-Admin-2026!');
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Past the callback and into the product, so the session (and its platform-admin role) is stored.
  await admin.waitForURL((url) => !/^\/(auth|account-callback|login)/.test(url.pathname));
  await expect(admin.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await admin.goto('/privacy-policy');
  await admin.getByRole('button', { name: 'Publish a new version' }).click();
  const publish = admin.getByRole('dialog', { name: 'Publish a new version' });
  await expect(publish.getByRole('textbox', { name: 'Version' })).toHaveValue('2');
  await publish.getByRole('textbox', { name: 'What changed (optional)' }).fill('Analytics cookies explained');
  await publish.getByRole('button', { name: 'Publish version' }).click();
  await expect(publish).toHaveCount(0);
  await expect(admin.getByText(/^Version 2, in effect since/)).toBeVisible();

  // The visitor's consent was given under version 1: the banner is back.
  await visitor.reload();
  await expect(visitor.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await visitor
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await visitor.reload();
  await heading(visitor, 'Privacy policy');
  await expect(visitor.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});
