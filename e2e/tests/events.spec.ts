import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { acceptCookies, signIn } from './session';

async function signInAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill('admin@nexus.local');
  await page.locator('input[type=password]').first().fill('Nexus-Admin-2026!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await acceptCookies(page);
  return page;
}

async function signInAs(browser: Browser, username: string, role: RegExp): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-role') {
    await page.getByRole('button', { name: role }).first().click();
    await page.waitForURL((url) => url.pathname !== '/select-role');
  }
  await acceptCookies(page);
  return page;
}

/**
 * A Y4M video (what Chromium's fake camera plays, looping) of a QR matrix: black and white
 * modules of `scale` pixels, a quiet zone of four modules, a few identical frames.
 */
function qrVideo(matrix: string[], scale = 8, frames = 5): string {
  const modules = matrix.length + 8;
  const size = Math.ceil((modules * scale) / 16) * 16;
  const offset = Math.floor((size - matrix.length * scale) / 2);
  const luma = Buffer.alloc(size * size, 255);
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (row[x] !== '1') continue;
      for (let dy = 0; dy < scale; dy += 1)
        luma.fill(
          0,
          (offset + y * scale + dy) * size + offset + x * scale,
          (offset + y * scale + dy) * size + offset + (x + 1) * scale,
        );
    }
  });
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(tmpdir(), `nexus-ticket-${Date.now()}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(frames).fill(frame),
    ]),
  );
  return file;
}

async function register(page: Page, eventId: string, answer: string, button: string) {
  await page.goto(`/events/overview/${eventId}`);
  await page.getByRole('textbox', { name: /Your startup/ }).fill(answer);
  await page.getByRole('button', { name: button }).click();
}

test('an organiser runs an event: two seats, a waiting list, an offer, and a ticket scanned twice', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Pitch night ${Date.now()}`;
  const admin = await signInAdmin(browser);
  await admin.goto('/event/manage/new');
  await admin.getByRole('textbox', { name: /Title/ }).fill(title);
  await admin.getByRole('textbox', { name: /Venue/ }).fill('Hall B, 1 Main Street');
  await admin.getByRole('textbox', { name: /Time zone/ }).fill('Europe/Paris');
  await admin.getByRole('textbox', { name: /Seats/ }).fill('2');
  await admin.getByRole('button', { name: 'Add a question' }).click();
  await admin.getByRole('textbox', { name: 'Question 1' }).fill('Your startup?');
  await admin.getByText('Required').click();
  await admin.getByRole('switch', { name: /Published/ }).check();
  await admin.getByRole('button', { name: 'Create event' }).click();
  await admin.waitForURL(/\/event\/manage\/\d+$/);
  const eventId = admin.url().split('/').pop() as string;
  await expect(admin.getByText('0 of 2 seats taken')).toBeVisible();

  // Three people register; the third waits. A required answer is checked before sending.
  const student = await signInAs(browser, 'student', /^Student/);
  await student.goto(`/events/overview/${eventId}`);
  await student.getByRole('button', { name: 'Register' }).click();
  await expect(student.getByText('This question needs an answer.')).toBeVisible();
  await register(student, eventId, 'Solar shades', 'Register');
  await expect(student.getByRole('link', { name: 'My ticket' })).toBeVisible();

  const individual = await signInAs(browser, 'individual', /Individual/);
  await register(individual, eventId, 'Seed bank', 'Register');
  await expect(individual.getByRole('link', { name: 'My ticket' })).toBeVisible();

  const mentor = await signInAs(browser, 'mentor', /Mentor/);
  await register(mentor, eventId, 'Mentoring', 'Join the waiting list');
  await expect(mentor.getByText(/you are on the waiting list \(position 1\)/)).toBeVisible();

  // The student cancels (with a confirmation); the seat is offered to the mentor, who accepts.
  await student.goto(`/events/registered-event/${eventId}`);
  await student.getByRole('button', { name: 'Cancel registration' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
  await expect(student.getByText('Cancelled', { exact: true })).toBeVisible();

  await mentor.goto(`/events/overview/${eventId}`);
  await expect(mentor.getByText('A seat is offered to you.')).toBeVisible();
  await mentor.getByRole('button', { name: 'Accept the seat' }).click();
  await expect(mentor.getByRole('link', { name: 'My ticket' })).toBeVisible();

  // The individual's ticket: the QR the page shows, and its matrix for the fake camera.
  await individual.goto(`/events/registered-event/${eventId}`);
  await expect(individual.getByRole('img', { name: 'Ticket QR code' })).toBeVisible();
  const ticket = await individual.request.get(`/api/events/registrations/getTicket/${eventId}`);
  expect(ticket.ok()).toBe(true);
  const { matrix } = (await ticket.json()).data as { matrix: string[] };

  // The organiser's own page stays open on the check-in tab: the count moves live (socket room).
  await admin.getByRole('tab', { name: 'Check-in' }).click();
  await expect(admin.getByText('0 of 2 checked in')).toBeVisible();

  const camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(matrix)}`,
    ],
  });
  try {
    const door = await signInAdmin(camera);
    await door.context().grantPermissions(['camera'], { origin: baseURL });
    await door.goto(`/event/manage/${eventId}`);
    await door.getByRole('tab', { name: 'Check-in' }).click();
    await expect(door.getByText('0 of 2 checked in')).toBeVisible();
    const checkedIn = door.getByText(/: Checked in\.$/);
    await door.getByRole('button', { name: 'Scan tickets with the camera' }).click();
    // On a loaded machine the fake camera's first frames can pass undecoded; as a person at the door
    // would, stop the camera and start it again once before calling the scan failed.
    try {
      await expect(checkedIn).toBeVisible({ timeout: 40_000 });
    } catch {
      await door.getByRole('button', { name: 'Stop the camera' }).click();
      await door.getByRole('button', { name: 'Scan tickets with the camera' }).click();
      await expect(checkedIn).toBeVisible({ timeout: 45_000 });
    }
    await expect(door.getByText('1 of 2 checked in')).toBeVisible();
    await expect(admin.getByText('1 of 2 checked in')).toBeVisible();
    // The camera keeps seeing the same ticket: the next scan is refused with when it was used.
    await expect(door.getByText(/This ticket was already used at/)).toBeVisible({ timeout: 30_000 });
  } finally {
    await camera.close();
  }
});
