import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAs } from './session';

test('my apps: pin two apps and reorder them, the list layout shows the same order', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'accelerator');
  await page.goto('/my-apps');
  await expect(page.getByRole('heading', { name: 'My apps', level: 1 })).toBeVisible();
  await expect(page.getByText(/Nothing pinned yet/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const pinButtons = page.getByRole('button', { name: /^Pin / });
  const first = ((await pinButtons.nth(0).getAttribute('aria-label')) ?? '').replace(/^Pin /, '');
  const second = ((await pinButtons.nth(1).getAttribute('aria-label')) ?? '').replace(/^Pin /, '');
  await pinButtons.nth(0).click();
  await expect(page.getByRole('button', { name: `Unpin ${first}` })).toBeVisible();
  await page.getByRole('button', { name: `Pin ${second}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Unpin ${second}` })).toBeVisible();
  // Keyboard reorder: the second pinned app moves up.
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Move ${second} up` })).toBeDisabled();

  await page.goto('/my-apps2');
  const unpin = page.getByRole('button', { name: /^Unpin / });
  await expect(unpin).toHaveCount(2);
  await expect(unpin.nth(0)).toHaveAttribute('aria-label', `Unpin ${second}`);
  await expectNoSeriousA11yViolations(page);
});

test('volunteering: find an opportunity, sign up for a shift, see it in my shifts and cancel it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'parent');
  await page.goto('/services/volunteer-services');
  await expect(page.getByRole('heading', { name: 'Volunteer opportunities' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lake clean-up drive' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Cause' }).click();
  await page.getByRole('option', { name: 'Environment' }).click();
  await expect(page.getByRole('heading', { name: 'Demo day volunteers' })).toHaveCount(0);
  await page.getByRole('button', { name: 'See shifts of Lake clean-up drive' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: /^Sign up for/ })
    .first()
    .click();
  await expect(dialog.getByText('You are signed up')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/services/volunteering-services');
  await expect(page.getByRole('heading', { name: 'My volunteering' })).toBeVisible();
  await expect(page.getByText('Lake clean-up drive')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel sign-up' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
});

test('CSR: filter projects by cause and express interest in one with a message', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'parent');
  await page.goto('/services/csr');
  await expect(page.getByRole('heading', { name: 'CSR projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Solar rooftops for rural schools' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Cause' }).click();
  await page.getByRole('option', { name: 'Education' }).click();
  await expect(page.getByRole('heading', { name: 'Solar rooftops for rural schools' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Express interest in Coding labs for girls' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('I can teach two evenings a week.');
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('You expressed interest')).toBeVisible();
});

test('government help: search schemes by word and filter them by sector', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, 'parent');
  await page.goto('/government-help');
  await expect(page.getByRole('heading', { name: 'Government help', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Startup Seed Grant' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Sector' }).click();
  await page.getByRole('option', { name: 'Agriculture and food' }).click();
  await expect(page.getByRole('heading', { name: 'Agri-tech Incubation Support' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Startup Seed Grant' })).toHaveCount(0);
  await page.goto('/government-help');
  await page.getByRole('searchbox', { name: 'Search schemes' }).fill('women');
  await expect(page.getByRole('heading', { name: 'Women Entrepreneurship Platform Credit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Startup Seed Grant' })).toHaveCount(0);
});
