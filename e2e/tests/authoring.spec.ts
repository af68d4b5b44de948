import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { acceptCookies, signIn } from './session';

const SHOTS = '/tmp/e2e-shots';
const id = `${Date.now().toString(36)}`;
const PROGRAM = `Customer discovery ${id}`;
const QUIZ = `Discovery check ${id}`;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signInAs(browser: Browser, username: string, role: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button', { name: role }).first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  return page;
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The teacher builds a published quiz with one single-choice question. */
async function buildQuiz(page: Page) {
  await page.goto('/assessments');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'New assessment' }).click();
  await page.waitForURL(/\/assessment\/manage\/\d+$/);
  await page.getByLabel('Title').fill(QUIZ);
  await page.getByLabel('Pass mark').fill('100');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { name: QUIZ })).toBeVisible();

  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await dialog.getByLabel('Question', { exact: true }).fill('What do you look for first?');
  await dialog.getByLabel('Option 1', { exact: true }).fill('A problem worth solving');
  await dialog.getByLabel('Option 2', { exact: true }).fill('A logo');
  await dialog.getByLabel('Option 1 is correct').check();
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByRole('article', { name: 'Question 1' })).toContainText(
    'What do you look for first?',
  );

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, publish' }).click();
  await expect(page.getByRole('button', { name: 'Move to draft' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'authoring-quiz-builder');
}

async function addItem(scope: Locator, noun: 'Course' | 'Module' | 'Unit', name: string) {
  await scope.getByLabel(`${noun} name`, { exact: true }).last().fill(name);
  await scope
    .getByRole('button', { name: `Add ${noun.toLowerCase()}` })
    .last()
    .click();
  await expect(scope.getByRole('button', { name: `Rename ${noun.toLowerCase()} ${name}` })).toBeVisible();
}

/** The teacher builds a two-course program: three text units, then the quiz in the second course. */
async function buildProgram(page: Page) {
  await page.goto('/lxp');
  await page.getByRole('link', { name: 'Manage programs' }).click();
  await page.waitForURL('**/manage-programs');
  await page.getByRole('button', { name: 'New program' }).click();
  const dialog = page.getByRole('dialog', { name: 'New program' });
  await dialog.getByLabel('Program name').fill(PROGRAM);
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/program\/manage\/\d+$/);

  await addItem(page.locator('main'), 'Course', 'Foundations');
  const foundations = page.getByRole('region', { name: 'Course: Foundations' });
  await addItem(foundations, 'Module', 'Listening');
  const listening = page.getByRole('region', { name: 'Module: Listening' });
  await addItem(listening, 'Unit', 'Why talk to customers');
  await addItem(listening, 'Unit', 'Questions that work');
  await addItem(foundations, 'Module', 'Practice');
  await addItem(page.getByRole('region', { name: 'Module: Practice' }), 'Unit', 'Five interviews');

  await addItem(page.locator('main'), 'Course', 'Checkpoint');
  const checkpoint = page.getByRole('region', { name: 'Course: Checkpoint' });
  await addItem(checkpoint, 'Module', 'Quiz');
  const quizModule = page.getByRole('region', { name: 'Module: Quiz' });
  await quizModule.getByLabel('Unit name', { exact: true }).fill('Show what you learnt');
  await choose(page, quizModule, 'Unit kind', 'Assessment');
  await quizModule.getByRole('button', { name: 'Add unit' }).click();
  await expect(page.getByRole('button', { name: 'Edit unit Show what you learnt' })).toBeVisible();

  // The first unit gets rich text; the quiz unit gets the quiz.
  await page.getByRole('button', { name: 'Edit unit Why talk to customers' }).click();
  await page.getByRole('textbox', { name: 'Unit text' }).fill('Ask about the last time it happened.');
  await page.getByRole('button', { name: 'Save unit' }).click();
  await expect(page.getByRole('button', { name: 'Save unit' })).toBeHidden();
  await page.getByRole('button', { name: 'Edit unit Show what you learnt' }).click();
  await page.getByRole('combobox', { name: 'Assessment' }).fill(QUIZ.slice(0, 12));
  await page.getByRole('option', { name: QUIZ }).click();
  await page.getByRole('button', { name: 'Save unit' }).click();
  await expect(page.getByRole('button', { name: 'Save unit' })).toBeHidden();

  const confirm = page.getByRole('dialog', { name: 'Publish this program?' });
  await page.locator('label', { hasText: /^Published$/ }).click();
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'authoring-program-builder');
}

test('a teacher builds a two-course program with a quiz; a learner walks it, passes the quiz and gets a certificate that verifies signed out', async ({
  browser,
}) => {
  test.setTimeout(210_000);
  const teacher = await signInAs(browser, 'teacher', /^Teacher/);
  await buildQuiz(teacher);
  await buildProgram(teacher);

  // Manage programs lists what the teacher may edit: their own, not the platform's seeded tour, which
  // belongs to the platform administrator and which the server refuses to let them change.
  await teacher.goto('/manage-programs');
  const own = teacher.getByRole('listitem').filter({ has: teacher.getByRole('link', { name: PROGRAM }) });
  await expect(own.getByText('Owner')).toBeVisible();
  await expect(teacher.getByRole('link', { name: 'Getting started with Nexus' })).toHaveCount(0);
  const found = await teacher.request.get('/api/program/programs/searchPrograms?search=Getting%20started');
  const tour = ((await found.json()) as { data: { program_id: number; program_name: string }[] }).data.find(
    (program) => program.program_name === 'Getting started with Nexus',
  );
  expect(tour).toBeDefined();
  const refused = await teacher.request.put(`/api/program/programs/update/${tour?.program_id}`, {
    data: { description: 'Taken over' },
  });
  expect(refused.status()).toBe(403);
  await teacher.goto(`/program/manage/${tour?.program_id}`);
  await expect(
    teacher.getByRole('alert').filter({ hasText: 'You cannot change this program' }),
  ).toBeVisible();

  const learner = await signInAs(browser, 'student', /^Student/);
  await learner.goto('/lxp');
  await acceptCookies(learner);
  await learner.getByRole('searchbox', { name: 'Search' }).fill(PROGRAM);
  await learner.getByRole('link', { name: PROGRAM }).click();
  await learner.getByRole('button', { name: 'Enrol' }).click();
  await learner.getByRole('link', { name: 'Start' }).click();
  await expect(learner).toHaveURL(/\/program-content\/\d+/);
  await expect(learner.getByText('Ask about the last time it happened.')).toBeVisible();

  const seen: string[] = [];
  for (;;) {
    const heading = learner.getByRole('heading', { level: 2 }).first();
    const name = (await heading.textContent()) ?? '';
    seen.push(name);
    if (name === 'Show what you learnt') break;
    await learner.getByRole('button', { name: 'Mark complete' }).click();
    await expect(learner.getByText('Completed', { exact: true })).toBeVisible();
    await learner.getByRole('button', { name: 'Next' }).click();
    await expect(learner.getByRole('heading', { level: 2 }).first()).not.toHaveText(name);
  }
  // Within a module, to the next module, then across to the second course.
  expect(seen).toEqual([
    'Why talk to customers',
    'Questions that work',
    'Five interviews',
    'Show what you learnt',
  ]);

  await learner.getByRole('link', { name: 'Take the assessment' }).click();
  await learner.waitForURL(/\/assessment\/\d+/);
  await learner.getByRole('radio', { name: 'A problem worth solving' }).check();
  await expect(learner.getByRole('status')).toHaveText(/Saved/);
  await expectNoSeriousA11yViolations(learner);
  await learner.getByRole('button', { name: 'Submit', exact: true }).click();
  await learner.getByRole('button', { name: 'Submit answers' }).click();
  await expect(learner.getByText('You passed')).toBeVisible();
  await shot(learner, 'authoring-quiz-passed');

  // Passing ticked the quiz unit: the program is complete and the certificate issued.
  await learner.getByRole('link', { name: 'Back to the program' }).click();
  await expect(learner.getByText('4 of 4 required units')).toBeVisible();
  const link = learner.getByRole('link', { name: 'View and download it' });
  const address = (await link.getAttribute('href')) ?? '';
  expect(address).toMatch(/^\/certification\/\d+\/z[1-9A-HJ-NP-Za-km-z]+$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(address);
  await expect(visitor.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await expect(visitor.getByText(PROGRAM)).toBeVisible();
  await shot(visitor, 'authoring-certificate');
  const altered = `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`;
  await visitor.goto(altered);
  await expect(visitor.getByRole('heading', { name: 'Not valid' })).toBeVisible();
});
