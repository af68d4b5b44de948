import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAs } from './session';

test('a person books an expert session: it is in both calendars and the reminder arrives', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Ivan becomes an expert who works around the clock (UTC), so the first free slot starts within
  // the hour and its hour-before reminder is due at once: the reminder job runs without waiting a day.
  const ivan = await signInAs(browser, 'industry');
  const profile = await ivan.request.put('/api/experts/experts/updateMyProfile', {
    data: {
      headline: 'Industry partnerships and pilots',
      expertise: ['partnerships', 'pilots'],
      languages: ['en'],
      time_zone: 'UTC',
      session_minutes: 30,
      buffer_minutes: 0,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const hours = await ivan.request.put('/api/experts/experts/updateMyAvailability', {
    data: {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 })),
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const created = await ivan.request.post('/api/experts/programs/createProgram', {
    data: { title: 'Run your first industry pilot', session_count: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const programId = (await created.json()).data.expert_program_id as number;

  // Dara finds Ivan on /find-expert (default view first) and books his first free slot in the program.
  const dara = await signInAs(browser, 'diaspora');
  await dara.goto('/find-expert');
  await expect(dara.getByRole('heading', { name: 'Find an expert', level: 1 })).toBeVisible();
  await expect(dara.getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(dara);
  await dara.getByRole('searchbox', { name: 'Search experts' }).fill('Ivan');
  await dara.getByLabel('Expertise').fill('pilots');
  const card = dara.getByRole('article', { name: 'Ivan Industry' });
  await expect(card).toBeVisible();

  await dara.goto(`/expert-program-overview/${programId}`);
  await expect(dara.getByRole('heading', { name: 'Run your first industry pilot' })).toBeVisible();
  await expectNoSeriousA11yViolations(dara);
  await dara.getByRole('button', { name: 'Book a session' }).click();
  const dialog = dara.getByRole('dialog', { name: 'Book a session with Ivan Industry' });
  // Each slot is a Mantine Chip: a visually hidden checkbox, chosen by clicking its label.
  await dialog.getByRole('group', { name: 'Free slots' }).locator('label').first().click();
  await dialog.getByLabel(/What would you like to talk about/).fill('Pilot scope');
  await dialog.getByRole('button', { name: 'Book this slot' }).click();

  // The program room: the session, and a shared note.
  await dara.waitForURL(/\/expert-program-interaction\//);
  await expect(dara.getByRole('listitem', { name: 'Session with Ivan Industry' })).toBeVisible();
  await dara.getByLabel('Add a note both of you can read').fill('Bringing the pilot brief.');
  await dara.getByRole('button', { name: 'Add note' }).click();
  await expect(dara.getByText('Bringing the pilot brief.')).toBeVisible();
  await expectNoSeriousA11yViolations(dara);

  // Both calendars hold the session.
  const range = `start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date(Date.now() + 7_200_000).toISOString()}`;
  for (const [page, title] of [
    [dara, 'Session with Ivan Industry (Run your first industry pilot)'],
    [ivan, 'Session with Dara Abroad'],
  ] as const) {
    const items = (await (await page.request.get(`/api/calendar/getItems?${range}`)).json()).data as {
      title: string;
      kind: string;
    }[];
    expect(
      items.some((item) => item.kind === 'expert_session' && item.title === title),
      title,
    ).toBe(true);
  }
  await dara.goto('/calendar');
  await expect(dara.getByText('Session with Ivan Industry').first()).toBeVisible();

  // The reminder reaches both, through the job and the notifications.
  for (const page of [dara, ivan]) {
    await expect
      .poll(
        async () => {
          const body = await (
            await page.request.get('/api/notifications/notifications/getNotifications')
          ).json();
          return (body.data as { title: string }[]).some((n) => /^Reminder: your session with/.test(n.title));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }

  // Both sides see it on /my-expert-programs (default view), and Ivan opens his mentee's room.
  await ivan.goto('/my-expert-programs');
  await expect(ivan.getByRole('heading', { name: 'My expert programs' })).toBeVisible();
  await expect(ivan.getByText('Mentee: Dara Abroad').first()).toBeVisible();
  await expectNoSeriousA11yViolations(ivan);
  await ivan.goto(`/expert-program-interaction/${programId}`);
  await expect(ivan.getByText('Bringing the pilot brief.')).toBeVisible();
  await dara.goto('/my-expert-programs');
  await expect(dara.getByText('Expert: Ivan Industry').first()).toBeVisible();
});
