import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAs } from './session';

test('skill swap: post an offer, see a match, propose on it, answer a proposal on my post, delete my post', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'mentor');
  await page.goto('/swap');
  await expect(page.getByRole('heading', { name: 'Skill swap', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All posts', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Market research on rural fintech' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A new offer tagged fintech makes the investor's fintech request a match.
  const title = `Fintech office hours ${Date.now()}`;
  await page.getByRole('button', { name: 'New post' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByText('Give the post a title.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Description' }).fill('An hour on payments and lending models.');
  await form.getByRole('combobox', { name: 'Tags' }).fill('fintech');
  await form.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('tab', { name: 'Matches' }).click();
  const match = page.getByRole('listitem').filter({ hasText: 'Market research on rural fintech' });
  await expect(match.getByText(/shared tag/)).toBeVisible();
  await expect(
    match.getByRole('button', { name: /Propose a swap/ }).or(match.getByText(/^Proposal /)),
  ).toBeVisible();
  const propose = match.getByRole('button', { name: /Propose a swap/ });
  if (await propose.isVisible()) {
    await propose.click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: /Message to/ })
      .fill('I can do the research for a deck review.');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
  }
  await expect(match.getByText(/Proposal (pending|accepted|declined)/)).toBeVisible();

  // My posts: the entrepreneur's proposal on my pitch reviews, then my new post deleted.
  await page.getByRole('tab', { name: 'My posts' }).click();
  const reviews = page.getByRole('listitem').filter({ hasText: 'Pitch deck reviews' });
  await reviews.getByRole('button', { name: /Proposals/ }).click();
  const proposals = page.getByRole('dialog');
  await expect(proposals.getByText(/We would love a review/)).toBeVisible();
  const accept = proposals.getByRole('button', { name: /Accept the proposal/ });
  if (await accept.first().isVisible()) await accept.first().click();
  await expect(proposals.getByText('Accepted').or(proposals.getByText('Declined')).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
