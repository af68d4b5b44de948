import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

test('a learner enrols, walks every unit with Next across modules and courses, passes the closing quiz, and gets a certificate that verifies signed out', async ({
  page,
  browser,
}) => {
  await signIn(page, 'student');
  await page.goto('/lxp');
  await acceptCookies(page);
  // The catalogue as it first opens, before any search word (issue 13: it answered 500 here).
  await expect(page.getByRole('link', { name: 'Getting started with Nexus' })).toBeVisible();
  await expect(page.getByText('We could not load programs')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill('getting started');
  await page.getByRole('link', { name: 'Getting started with Nexus' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started with Nexus', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/program-content\/\d+/);
  await expectNoSeriousA11yViolations(page);

  const seen: string[] = [];
  for (;;) {
    const heading = page.getByRole('heading', { level: 2 }).first();
    seen.push((await heading.textContent()) ?? '');
    // The last unit is a quiz: passing it completes the unit, so it offers no Mark complete.
    if (seen.at(-1) === 'Check what you learnt') break;
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    if (await next.isDisabled()) break;
    await next.click();
    await expect(page.getByRole('heading', { level: 2 }).first()).not.toHaveText(seen.at(-1) ?? '');
  }
  // Two units of the first module, one of the second, then across to the second course.
  expect(seen).toEqual([
    'Welcome',
    'Your roles and organisations',
    'Programs, courses and units',
    'Certificates anyone can check',
    'Check what you learnt',
  ]);
  await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Take the assessment' }).click();
  await page.getByRole('radio', { name: 'Modules' }).check();
  await page.getByRole('radio', { name: 'Anyone with its address' }).check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText('You passed')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the program' }).click();
  await expect(page.getByText('5 of 5 required units')).toBeVisible();
  const link = page.getByRole('link', { name: 'View and download it' });
  const address = (await link.getAttribute('href')) ?? '';
  expect(address).toMatch(/^\/certification\/\d+\/z[1-9A-HJ-NP-Za-km-z]+$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(address);
  await expect(visitor.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await expect(visitor.getByText('Getting started with Nexus')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  const pdf = await visitor.request.get(`/api/certificates/pdf${address.slice('/certification'.length)}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const altered = `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`;
  await visitor.goto(altered);
  await expect(visitor.getByRole('heading', { name: 'Not valid' })).toBeVisible();
  await expect(visitor.getByText('No certificate was issued at this address.')).toBeVisible();
});

test('a learner leaves a program from their library, confirming first, and comes back to it from the catalogue', async ({
  page,
}) => {
  // A demo account no other journey enrols, so the journeys do not depend on their order.
  const program = 'Getting started with Nexus';
  await signIn(page, 'startup-hub');
  await page.goto('/lxp');
  await acceptCookies(page);
  await page.getByRole('link', { name: program }).click();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByRole('link', { name: 'Start' })).toBeVisible();

  await page.goto('/my-library');
  const card = page.getByRole('article', { name: program });
  await card.getByRole('button', { name: `Leave ${program}` }).click();
  const dialog = page.getByRole('dialog', { name: `Leave ${program}?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Leave ${program}` }).click();
  await dialog.getByRole('button', { name: 'Leave program' }).click();
  await expect(page.getByRole('article', { name: program })).toHaveCount(0);

  // Issue 13 point 2: enrolling again makes a new enrolment (it answered 409 before).
  await page.goto('/lxp');
  await page.getByRole('link', { name: program }).click();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByRole('link', { name: 'Start' })).toBeVisible();
  await page.goto('/my-library');
  await expect(page.getByRole('article', { name: program })).toBeVisible();
});
