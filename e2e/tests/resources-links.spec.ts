import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAs } from './session';

/**
 * Issue 21: a member writes a case study about the demo startup SunGrid Homes, found with the links
 * editor's search over the ecosystem's directory, and a web page; its page links to both.
 */
test('a case study links a startup picked from the directory and a web page', async ({ browser }) => {
  const title = `Rooftop solar case ${Date.now()}`;
  const page = await signInAs(browser, 'individual');
  await page.goto('/upload-documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Case study', exact: true }).click();
  await page.getByLabel('Title').fill(title);

  await page.getByRole('searchbox', { name: /Find a startup/ }).fill('SunGrid');
  await page.getByRole('button', { name: 'Link SunGrid Homes' }).click();
  const links = page.getByRole('list', { name: 'Links' });
  await expect(links.getByText('SunGrid Homes')).toBeVisible();
  await page.getByRole('textbox', { name: 'Web page name' }).fill('Installer’s report');
  await page.getByRole('textbox', { name: 'Web page address' }).fill('https://example.org/sungrid');
  await page.getByRole('button', { name: 'Add web page' }).click();
  await expect(links.getByText('Installer’s report (https://example.org/sungrid)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/resources-links-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Remove SunGrid Homes' })).toBeVisible();
  // The frame's main area slides from the navbar's offset to the phone layout (an AppShell
  // transition): measured once it has settled.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/resources-links-phone.png', fullPage: true });

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').getByRole('link', { name: 'Open it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SunGrid Homes' })).toHaveAttribute(
    'href',
    /\/startup-project\/overview\/\d+$/,
  );
  await expect(page.getByRole('link', { name: 'Installer’s report' })).toHaveAttribute(
    'href',
    'https://example.org/sungrid',
  );
});
