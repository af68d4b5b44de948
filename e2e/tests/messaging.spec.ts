import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

async function signInAs(browser: Browser, username: string, role: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button', { name: role }).first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);
  return page;
}

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages/ });

test("A writes to B: B's badge and open conversation update live; B replies with an attachment", async ({
  browser,
}) => {
  const teacher = await signInAs(browser, 'teacher', /^Teacher/);
  const student = await signInAs(browser, 'student', /^Student/);

  // The demo conversation: its last line, from the teacher, is unread for the student.
  await student.goto('/messages');
  await expect(badge(student)).toHaveAccessibleName('Messages, 1 unread');
  await expect(student.getByRole('button', { name: /^Tomas Teacher\s*1 unread/ })).toBeVisible();
  await expectNoSeriousA11yViolations(student);

  await teacher.goto('/messages');
  await teacher.getByRole('button', { name: /^Stella Student/ }).click();
  const teacherLog = teacher.getByRole('log', { name: 'Messages with Stella Student' });
  await expect(teacherLog).toContainText('Welcome to the course!');

  const first = `Office hours moved to Thursday ${Date.now()}`;
  await teacher.getByRole('textbox', { name: 'Message' }).fill(first);
  await teacher.getByRole('button', { name: 'Send' }).click();
  await expect(teacherLog).toContainText(first);

  // No reload on the student's side: the socket invalidates the unread count and the list.
  await expect(badge(student)).toHaveAccessibleName('Messages, 2 unread');
  await student.getByRole('button', { name: /^Tomas Teacher\s*2 unread/ }).click();
  const studentLog = student.getByRole('log', { name: 'Messages with Tomas Teacher' });
  await expect(studentLog).toContainText(first);
  await expect(badge(student)).toHaveAccessibleName('Messages');

  const second = `Bring your notes ${Date.now()}`;
  await teacher.getByRole('textbox', { name: 'Message' }).fill(second);
  await teacher.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(studentLog).toContainText(second);

  // The student replies to it with a file.
  await studentLog
    .getByTestId('message')
    .filter({ hasText: second })
    .getByRole('button', { name: /^Reply/ })
    .click();
  await student.locator('input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('My notes for Thursday.\n'),
  });
  await expect(student.getByRole('button', { name: 'Remove notes.txt' })).toBeVisible();
  await student.getByRole('textbox', { name: 'Message' }).fill('Here they are');
  await student.getByRole('button', { name: 'Send' }).click();

  const reply = teacherLog.getByTestId('message').filter({ hasText: 'Here they are' });
  await expect(reply).toContainText(second);
  const link = reply.getByRole('link', { name: 'notes.txt' });
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(teacher);
  // The teacher, a member of the conversation, may read the student's file.
  const href = await link.getAttribute('href');
  const download = await teacher.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe('My notes for Thursday.\n');
});

test('on a phone the list and the conversation take turns', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, 'student');
  if (new URL(page.url()).pathname === '/select-role') {
    await page
      .getByRole('button', { name: /^Student/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await page.goto('/messages');
  await acceptCookies(page);
  const row = page.getByRole('button', { name: /^Tomas Teacher/ });
  await row.click();
  await expect(page.getByRole('log', { name: 'Messages with Tomas Teacher' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(row).toBeVisible();
});
