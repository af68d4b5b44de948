import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

/** A one-page PDF: the files module checks the bytes against the type, so it must start like one. */
const CV = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function signInAs(browser: Browser, username: string, role?: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-role') {
    const choice = role ? page.getByRole('button', { name: role }) : page.getByRole('button');
    await choice.first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);
  return page;
}

test('search jobs signed out; a student applies, the employer moves her through the pipeline, she sees the status', async ({
  browser,
}) => {
  // Two people and five pages checked with axe on a shared machine.
  test.setTimeout(180_000);

  // Signed out: the public search, its filters and a posting with valid JSON-LD.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/search-jobs');
  await acceptCookies(visitor);
  await expect(visitor.getByRole('heading', { name: 'Jobs and internships' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Frontend engineer (React)' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await visitor.getByRole('combobox', { name: 'Type' }).click();
  await visitor.getByRole('option', { name: 'Internship' }).click();
  await expect(visitor.getByRole('link', { name: 'Data analyst intern' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Frontend engineer (React)' })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Data analyst intern' }).click();
  await visitor.waitForURL(/\/search-jobs\/\d+$/);
  await expect(visitor.getByText('Sign in to apply for this job.')).toBeVisible();
  const ld = JSON.parse(
    (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(ld).toMatchObject({
    '@type': 'JobPosting',
    title: 'Data analyst intern',
    employmentType: 'INTERN',
    jobLocationType: 'TELECOMMUTE',
    hiringOrganization: { name: 'Acme Corporate Labs' },
  });
  await expectNoSeriousA11yViolations(visitor);

  // Stella applies to Acme's frontend job with her CV.
  const stella = await signInAs(browser, 'student');
  await stella.goto('/search-jobs');
  await stella.getByRole('link', { name: 'Frontend engineer (React)' }).click();
  await stella.waitForURL(/\/search-jobs\/\d+$/);
  const postingId = new URL(stella.url()).pathname.split('/').pop();
  await expect(stella.getByRole('heading', { name: 'Frontend engineer (React)' })).toBeVisible();
  const chooser = stella.waitForEvent('filechooser');
  await stella.getByRole('button', { name: /^CV/ }).click();
  await (await chooser).setFiles({ name: 'stella-cv.pdf', mimeType: 'application/pdf', buffer: CV });
  await stella
    .getByRole('textbox', { name: /Why do you want this role/ })
    .fill('I build accessible interfaces.');
  await stella.getByRole('button', { name: 'Send application' }).click();
  await expect(stella.getByText('You have applied')).toBeVisible();
  await stella.goto('/career');
  const card = stella.getByRole('listitem').filter({ hasText: 'Frontend engineer (React)' });
  await expect(card.getByText('Applied', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(stella);

  // Carl (Acme's admin) moves her to Interview from the keyboard and leaves a note.
  const carl = await signInAs(browser, 'corporate-admin', /^Tenant Admin Acme Corporate Labs/);
  // Whatever role an earlier journey left active, recruit inside Acme.
  await carl.goto('/select-role');
  await carl
    .getByRole('button', { name: /^Tenant Admin Acme Corporate Labs/ })
    .first()
    .click();
  await carl.waitForURL('**/admin-center');
  await carl.goto(`/recruitment-portal?posting=${postingId}`);
  const applied = carl.getByRole('region', { name: 'Applied' });
  await expect(applied.getByText('Stella Student')).toBeVisible();
  await expectNoSeriousA11yViolations(carl);
  const mover = carl.getByRole('combobox', { name: 'Move Stella Student to' });
  await mover.focus();
  await carl.keyboard.press('Enter');
  await carl.getByRole('option', { name: 'Interview' }).click();
  await expect(carl.getByRole('region', { name: 'Interview' }).getByText('Stella Student')).toBeVisible();
  await carl.getByRole('button', { name: 'Stella Student', exact: true }).click();
  await carl.getByRole('textbox', { name: 'Add a note' }).fill('Strong portfolio; ask about testing.');
  await carl.getByRole('button', { name: 'Save note' }).click();
  await expect(carl.getByText('Strong portfolio; ask about testing.')).toBeVisible();

  // Stella sees the new status on /career, and her matched jobs on the hub.
  await stella.goto('/career');
  await expect(card.getByText('Interview', { exact: true })).toBeVisible();
  await stella.goto('/job-internship-hub');
  await expect(stella.getByRole('heading', { name: 'Job and internship hub' })).toBeVisible();
  await expect(stella.getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(stella);
});
