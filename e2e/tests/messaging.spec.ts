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

test("a group's owner adds and removes members and hands the group over", async ({ browser }) => {
  const teacher = await signInAs(browser, 'teacher', /^Teacher/);
  const student = await signInAs(browser, 'student', /^Student/);
  await student.goto('/messages');
  await teacher.goto('/messages');

  const title = `Study group ${Date.now()}`;
  await teacher.getByRole('button', { name: 'New message' }).first().click();
  const start = teacher.getByRole('dialog', { name: 'New message' });
  await start.getByRole('checkbox', { name: /^Stella Student/ }).check();
  await start.getByRole('checkbox', { name: /^Iris Principal/ }).check();
  await start.getByRole('textbox', { name: 'Group name (optional)' }).fill(title);
  await start.getByRole('button', { name: 'Start group' }).click();
  await expect(teacher.getByRole('heading', { name: title })).toBeVisible();
  // The student's open list gains the group without a reload.
  await expect(student.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();

  // Removing asks first; the removed person can be added again.
  await teacher.getByRole('button', { name: 'Group members (3)' }).click();
  const panel = teacher.getByRole('dialog', { name: 'Group members' });
  await expectNoSeriousA11yViolations(teacher);
  await panel.getByRole('button', { name: 'Remove Iris Principal' }).click();
  const confirm = teacher.getByRole('dialog', { name: 'Remove Iris Principal from the group?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await panel.getByRole('checkbox', { name: /^Iris Principal/ }).check();
  await panel.getByRole('button', { name: 'Add to group' }).click();
  await expect(panel.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3);

  // Handing over: the student now manages the group, the teacher no longer can.
  await panel.getByRole('button', { name: 'Make owner: Stella Student' }).click();
  await teacher
    .getByRole('dialog', { name: 'Make Stella Student the owner?' })
    .getByRole('button', { name: 'Make owner' })
    .click();
  await expect(
    panel.getByText("Only the group's owner, Stella Student, can add or remove members."),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  await student.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await student.getByRole('button', { name: 'Group members (3)' }).click();
  await expect(
    student
      .getByRole('dialog', { name: 'Group members' })
      .getByRole('button', { name: 'Remove Tomas Teacher' }),
  ).toBeVisible();
});
