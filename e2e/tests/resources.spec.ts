import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signIn, signInAs } from './session';

/**
 * Issue 21: the resources pages in their default view, a report's PDF preview and download, saving it
 * to my library, and the demo video's "no media" state with its captions listed. The upload, approval
 * and search journey is resources-upload.spec.ts; a playing video is not covered yet.
 */
test('resources pages open in their default view and a seeded report previews and saves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'institute-admin');
  for (const [path, heading] of [
    ['/resources', 'Resources'],
    ['/resource-hub', 'Resources'],
    ['/resource-filter', 'Find resources'],
    ['/publications', 'Publications'],
    ['/upload-documents', 'Upload documents'],
    ['/knowledge-hub', 'Knowledge hub'],
    ['/content', 'Content'],
    ['/home/read-and-grow', 'Read and grow'],
    ['/home/insights', 'Insights'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
  await page.goto('/resource-filter');
  await expect(page.getByRole('checkbox', { name: /^Report \(\d+\)$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Find the report by a word that only its PDF holds.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill('photovoltaic');
  await page.getByRole('link', { name: 'Regional innovation report 2026' }).click();
  await expect(page).toHaveURL(/\/report\/\d+$/);
  await expect(page.getByTestId('pdf-preview')).toBeVisible();
  const download = page.getByRole('link', { name: /Download report\.pdf/ });
  const response = await page.request.get((await download.getAttribute('href')) as string);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const ranged = await page.request.get((await download.getAttribute('href')) as string, {
    headers: { range: 'bytes=1-4' },
  });
  expect(ranged.status()).toBe(206);
  expect((await ranged.body()).toString()).toBe('PDF-');
  await page.getByRole('button', { name: 'Save to my library' }).click();
  await expect(page.getByRole('button', { name: 'Saved to my library' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/my-library');
  await expect(page.getByRole('heading', { name: 'Saved resources and playlists' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Regional innovation report 2026' })).toBeVisible();

  const portalLink = page.request.get('/api/resources/collections/getCollections?portals=true');
  const portalId = ((await (await portalLink).json()).data[0] as { collection_id: number }).collection_id;
  await page.goto(`/documents-portal/${portalId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside research portal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();

  await page.goto('/resources');
  await page.getByRole('checkbox', { name: /^Video \(\d+\)$/ }).check();
  await page.getByRole('link', { name: 'Pitch clinic: the first minute' }).click();
  // The seeded video plays in the page (a short WebM with captions).
  await expect(page.getByTestId('media-player')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/resources');
  await page.getByRole('link', { name: 'Finding your first ten customers' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finding your first ten customers' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a public item reads signed out; one of a tenant shows not found, nothing of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The ids as the library lists them: the public article to anyone, the portal document to its tenant.
  const publicList = await page.request.get('/api/resources/items/getItems?search=customers');
  const article = ((await publicList.json()).data as { item_id: number; title: string }[]).find(
    (row) => row.title === 'Finding your first ten customers',
  );
  expect(article).toBeDefined();
  const member = await signInAs(browser, 'institute-admin');
  const tenantList = await member.request.get('/api/resources/items/getItems?search=handbook');
  const handbook = ((await tenantList.json()).data as { item_id: number; title: string }[]).find(
    (row) => row.title === 'Lab safety handbook',
  );
  expect(handbook).toBeDefined();
  await member.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/article/${article?.item_id}`);
  await expect(page).toHaveURL(new RegExp(`/article/${article?.item_id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finding your first ten customers' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to my library' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('article-signed-out-390.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/publications/overview/${handbook?.item_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Lab safety handbook')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/publications/overview/${handbook?.item_id}$`));
});
