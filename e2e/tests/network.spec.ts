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

test('connect, write a draft then publish, read it in the feed, comment and react; the author is notified', async ({
  browser,
}) => {
  // Two people, three pages checked with axe: longer than the default on a shared machine.
  test.setTimeout(120_000);
  const vera = await signInAs(browser, 'volunteer');
  const ivy = await signInAs(browser, 'investor');

  // Vera finds Ivy on /network and asks to connect.
  await vera.goto('/network');
  await expect(vera.getByRole('heading', { name: 'People you may know' })).toBeVisible();
  await vera.getByRole('searchbox', { name: /Search people/ }).fill('Ivy Investor');
  await vera.getByRole('button', { name: 'Connect with Ivy Investor' }).click();
  await expect(vera.getByRole('button', { name: 'Withdraw request to Ivy Investor' })).toBeVisible();
  await expectNoSeriousA11yViolations(vera);

  // Ivy accepts it on /community/connections.
  await ivy.goto('/community/connections');
  await ivy.getByRole('button', { name: 'Accept request from Vera Volunteer' }).click();
  await expect(ivy.getByText('No requests waiting for you.')).toBeVisible();
  await ivy.goto('/community/my-connections');
  await expect(ivy.getByRole('link', { name: 'Vera Volunteer' })).toBeVisible();
  await expectNoSeriousA11yViolations(ivy);

  // Ivy writes a draft, finds it on My posts, continues it and publishes.
  const title = `Seed round notes ${Date.now()}`;
  await ivy.goto('/write-a-post/new');
  await ivy.getByRole('textbox', { name: 'Title (optional)' }).fill(title);
  await ivy.getByRole('textbox', { name: 'Your post' }).fill('What we look for in a first pitch.');
  await ivy.getByRole('button', { name: 'Save draft' }).click();
  await ivy.waitForURL(/\/write-a-post\/\d+$/);
  await ivy.goto('/community/my-posts');
  await ivy.getByRole('tab', { name: 'Drafts' }).click();
  const draft = ivy.getByRole('article').filter({ hasText: title });
  await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
  await ivy.getByRole('link', { name: 'Continue writing' }).first().click();
  await ivy.getByRole('button', { name: 'Publish' }).click();
  await ivy.waitForURL(/\/show-post\/\d+$/);
  await expect(ivy.getByRole('heading', { name: title })).toBeVisible();

  // Vera sees it in her feed, opens it, reacts and comments.
  await vera.goto('/post-details');
  await vera.getByRole('link', { name: title }).click();
  await vera.waitForURL(/\/show-post\/\d+$/);
  await vera.getByRole('button', { name: 'Celebrate' }).click();
  await expect(vera.getByRole('button', { name: 'Celebrate · 1' })).toHaveAttribute('aria-pressed', 'true');
  await vera.getByRole('textbox', { name: 'Add a comment' }).fill('Very useful, thank you!');
  await vera.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(vera.getByText('Very useful, thank you!')).toBeVisible();
  await expectNoSeriousA11yViolations(vera);

  // Ivy is notified of the comment and the reaction.
  await ivy.goto('/notifications');
  await expect(ivy.getByText('Vera Volunteer commented on your post')).toBeVisible();
  await expect(ivy.getByText('Vera Volunteer reacted to your post')).toBeVisible();
});
