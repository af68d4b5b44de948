import { type Browser, expect, type Page, test } from '@playwright/test';
import { acceptCookies, signIn } from './session';

async function signInAs(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  await acceptCookies(page);
  return page;
}

async function askToJoin(page: Page, name: string) {
  await page.goto('/community');
  await page.getByRole('searchbox', { name: 'Search communities' }).fill(name);
  const card = page.locator('.mantine-Card-root').filter({ hasText: name });
  await card.getByRole('button', { name: 'Ask to join' }).click();
  await expect(card.getByText('Request sent')).toBeVisible();
}

test('a private community: join on approval, discuss with a mention and a reaction (live in another browser), three reports hide a reply, a moderator restores it, an outsider gets 404', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Hardware founders ${Date.now()}`;

  // The mentor creates a private community; its forum opens.
  const mentor = await signInAs(browser, 'mentor');
  await mentor.goto('/new-community/new');
  await mentor.getByRole('textbox', { name: 'Name' }).fill(name);
  await mentor.getByText('On approval (private)').click();
  await mentor.getByRole('button', { name: 'Create community' }).click();
  await expect(mentor.getByRole('heading', { name })).toBeVisible();
  await expect(mentor).toHaveURL(/\/community\/\d+\/discussion-forum$/);

  // Four people ask to join; the mentor approves them in the manage page.
  const people = ['investor', 'entrepreneur', 'startup', 'individual'];
  const pages: Record<string, Page> = {};
  for (const username of people) {
    pages[username] = await signInAs(browser, username);
    await askToJoin(pages[username]!, name);
  }
  await mentor.goto('/community/manage');
  await expect(mentor.getByLabel('Community', { exact: true }).first()).toHaveValue(name);
  await mentor.getByRole('tab', { name: 'Join requests' }).click();
  for (let index = 0; index < people.length; index += 1) {
    await mentor.getByRole('button', { name: 'Approve' }).first().click();
    await expect(mentor.getByRole('button', { name: 'Approve' })).toHaveCount(people.length - index - 1);
  }

  // The mentor opens a topic naming the investor.
  await mentor.goto('/community');
  await mentor.getByRole('tab', { name: 'My communities' }).click();
  await mentor.getByRole('link', { name }).click();
  await mentor.getByRole('button', { name: 'New topic' }).click();
  await mentor.getByRole('textbox', { name: 'Title' }).fill('Where do you source PCBs?');
  await mentor
    .getByRole('textbox', { name: 'What do you want to discuss?' })
    .fill('@investor have you seen a good supplier?');
  await mentor.getByRole('button', { name: 'Post topic' }).click();
  await expect(mentor.getByRole('heading', { name: 'Where do you source PCBs?' })).toBeVisible();
  const topicPath = new URL(mentor.url()).pathname;

  // The investor is notified of the mention, replies and reacts.
  const investor = pages.investor!;
  await investor.goto('/notifications');
  await expect(investor.getByText(/mentioned you in Where do you source PCBs\?/)).toBeVisible({
    timeout: 20_000,
  });
  await investor.goto(topicPath);
  await investor.getByRole('textbox', { name: 'Reply' }).fill('A shop in Shenzhen, cheap and quick.');
  await investor.getByRole('button', { name: 'Post reply' }).click();
  const reply = investor.locator('[id^=post-]').filter({ hasText: 'A shop in Shenzhen' });
  await expect(reply).toBeVisible();
  // The mentor has kept the topic open in another browser: the reply arrives there without a reload
  // (the topic's socket room), and so does its edit.
  await expect(mentor.getByText('A shop in Shenzhen, cheap and quick.')).toBeVisible({ timeout: 15_000 });
  await reply.getByRole('button', { name: /^Actions for the post of/ }).click();
  await investor.getByRole('menuitem', { name: 'Edit' }).click();
  await investor
    .getByRole('textbox', { name: 'Your reply' })
    .fill('A shop in Shenzhen, cheap and quick. Ask for Lin.');
  await investor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(mentor.getByText('A shop in Shenzhen, cheap and quick. Ask for Lin.')).toBeVisible({
    timeout: 15_000,
  });
  await investor.locator('[id^=post-]').first().getByRole('button', { name: 'React 👍' }).click();
  await expect(
    investor.locator('[id^=post-]').first().getByRole('button', { name: 'React 👍, 1' }),
  ).toBeVisible();

  // Three other members report the reply: it is hidden.
  for (const username of ['entrepreneur', 'startup', 'individual']) {
    const page = pages[username]!;
    await page.goto(topicPath);
    const post = page.locator('[id^=post-]').filter({ hasText: 'A shop in Shenzhen' });
    await post.getByRole('button', { name: /^Actions for the post of/ }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await page.getByRole('textbox', { name: 'Why?' }).fill('Advertising');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thank you: the moderators will look at it.')).toBeVisible();
  }
  const reader = pages.entrepreneur!;
  await reader.reload();
  await expect(reader.getByText('This post is hidden until a moderator decides.')).toBeVisible();
  await expect(reader.getByText(/A shop in Shenzhen/)).toHaveCount(0);

  // The mentor restores it from the moderation queue; readers see it again.
  await mentor.goto('/community/manage');
  await expect(mentor.getByText('3 report(s)')).toBeVisible();
  await mentor.getByRole('button', { name: 'Restore' }).click();
  await expect(mentor.getByText('Nothing to review: no reported or hidden post.')).toBeVisible();
  // The reader's open topic shows the restored post without a reload.
  await expect(reader.getByText('A shop in Shenzhen, cheap and quick. Ask for Lin.')).toBeVisible({
    timeout: 15_000,
  });
  await mentor.getByRole('tab', { name: 'Audit log' }).click();
  await expect(mentor.getByText(/post restore/)).toBeVisible();

  // Someone outside the community: the topic does not exist for them.
  const outsider = await signInAs(browser, 'volunteer');
  await outsider.goto(topicPath);
  await expect(outsider.getByText('Topic not found.')).toBeVisible();
  const topicId = topicPath.split('/').pop();
  const answer = await outsider.request.get(`/api/community/topics/getTopic/${topicId}`);
  expect(answer.status()).toBe(404);
});
