import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

test('a learner enrols: the bell badge updates live and the notification leads to the program', async ({
  page,
}) => {
  // Not the student of learning.spec.ts, so the journeys run in any order on one server.
  await signIn(page, 'individual');
  await page.goto('/lxp');
  await acceptCookies(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  // Other journeys may have notified this person already (an announcement to everyone): opening the
  // bell marks what is there seen, so the count below is this journey's own.
  const menu = page.getByRole('menu', { name: 'Notifications' });
  await bell.click();
  await expect(menu).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  // The open menu covers the page; on a loaded machine an Escape pressed while it is still opening
  // can be lost, so close it until it is gone.
  let tries = 0;
  await expect(async () => {
    // Escape first; should focus have left the menu, the bell toggles it closed.
    if (await menu.isVisible()) await (tries++ === 0 ? page.keyboard.press('Escape') : bell.click());
    await expect(menu).toBeHidden({ timeout: 1_000 });
  }).toPass();

  await page.getByRole('link', { name: 'Getting started with Nexus' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started with Nexus', level: 1 })).toBeVisible();
  const programPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Enrol' }).click();

  // Live: the socket's emit invalidates the badge's query, no reload. Earlier journeys' reminders
  // and fan-outs to this person may land in the same moments, so the count is at least this one.
  await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unseen$/);
  await expect(page.getByText('You are enrolled in Getting started with Nexus').first()).toBeVisible();

  await page.goto('/user/home');
  const item = page.getByRole('menuitem', { name: /You are enrolled in Getting started with Nexus/ });
  // A press while the page is still settling (the menu's code arriving, the frame re-rendering) can
  // leave the menu shut: press again until it is open with the item in it.
  await expect(async () => {
    if (!(await menu.isVisible())) await bell.click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(bell).toHaveAccessibleName('Notifications');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`${programPath}$`));

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(
    page.getByRole('link', { name: 'You are enrolled in Getting started with Nexus' }),
  ).toBeVisible();
  const security = page.getByRole('switch', { name: 'Email: Security, always on: cannot be turned off' });
  await expect(security).toBeChecked();
  await expect(security).toBeEnabled();
  await expect(security).toHaveAttribute('aria-readonly', 'true');
  await expectNoSeriousA11yViolations(page);
});
