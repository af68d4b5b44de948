import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

/** Each hub and home page in its default view: its heading and the blocks it is made of. */
const PAGES: { path: string; heading: string; blocks: string[] }[] = [
  {
    path: '/event-hub',
    heading: 'Event hub',
    blocks: ['Upcoming events', 'Events of your communities', 'Recent events', 'Open competitions'],
  },
  {
    path: '/competition-hub',
    heading: 'Competition hub',
    blocks: ['Open competitions', 'Competitions of your communities', 'Past competitions', 'Upcoming events'],
  },
  { path: '/home/events', heading: 'Events', blocks: ['Upcoming events', 'Events of your communities'] },
  {
    path: '/home/challenges',
    heading: 'Challenges',
    blocks: ['Open challenges', 'Challenges of your communities'],
  },
  {
    path: '/community-hub',
    heading: 'Community hub',
    blocks: ['Your communities', 'Communities to discover', 'Latest discussions', 'From your network'],
  },
  {
    path: '/networking-hub',
    heading: 'Networking hub',
    blocks: ['People you may know', 'From your network', 'Communities to join'],
  },
  {
    path: '/connect-hub',
    heading: 'Connect hub',
    blocks: ['People you may know', 'Latest posts', 'Your communities'],
  },
  { path: '/networking', heading: 'Networking', blocks: ['People you may know', 'From your network'] },
  { path: '/connect', heading: 'Connect', blocks: ['People you may know', 'Communities to join'] },
  { path: '/community/events', heading: 'Community events', blocks: ['Upcoming', 'Past'] },
  { path: '/community/competitions', heading: 'Community competitions', blocks: ['Open', 'Past'] },
];

/** A block has loaded (rows or its empty state) and shows no error. */
async function expectBlock(page: Page, name: string) {
  const block = page.getByRole('region', { name, exact: true });
  await expect(block).toBeVisible();
  await expect(block.locator('[aria-busy=true]')).toHaveCount(0);
  await expect(block.getByRole('alert')).toHaveCount(0);
}

/**
 * Moves within the single-page app as its links do (the router follows popstate), sparing a full
 * reload and session bootstrap per page on a shared machine.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

test('the hubs, home sections and community lists show live blocks in their default view', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The investor belongs to the seeded Founders Circle, to which the demo day and the blockchain
  // challenge are linked.
  await signIn(page, 'investor');
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button').first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);

  await page.goto('/event-hub');
  for (const { path, heading, blocks } of PAGES) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    for (const block of blocks) await expectBlock(page, block);
  }

  // The community's own lists hold what its moderators linked, and "See all" leads on.
  await visit(page, '/community/events');
  const upcoming = page.getByRole('region', { name: 'Upcoming', exact: true });
  await expect(upcoming.getByRole('link', { name: 'Nexus Community Demo Day' })).toBeVisible();
  await visit(page, '/community/competitions');
  const open = page.getByRole('region', { name: 'Open', exact: true });
  await expect(open.getByRole('link', { name: 'Blockchain for Public Good Challenge' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await visit(page, '/event-hub');
  await expect(
    page
      .getByRole('region', { name: 'Events of your communities', exact: true })
      .getByRole('link', { name: 'Nexus Community Demo Day' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'See all: Upcoming events' }).click();
  await page.waitForURL(/\/event-block$/);

  await visit(page, '/community-hub');
  await expect(
    page
      .getByRole('region', { name: 'Your communities', exact: true })
      .getByRole('link', { name: 'Founders Circle' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // On a phone the blocks stack in one column and stay readable.
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, '/networking-hub');
  await expectBlock(page, 'People you may know');
  await page.screenshot({ path: 'test-results/area-hubs-networking-phone.png', fullPage: true });
});
