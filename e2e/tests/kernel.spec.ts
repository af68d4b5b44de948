import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { codeSentTo, mailTo, setSink } from './mail';
import { acceptCookies, signIn } from './session';

/**
 * Issue 15 from outside: mail through the job queue (and after the relay was down), the platform
 * administrator's jobs and domain-events tabs, and a profile photo uploaded, served and refused.
 */
const ADMIN_EMAIL = 'admin@nexus.local';
const ADMIN_PASSWORD = 'Nexus-Admin-2026!';
const PASSWORD = 'analytical engine 1843';
/** Screenshots of each step go here when set (to look at the pages); CI takes none. */
const SHOTS = process.env.E2E_SHOTS;
const unique = () => `k${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ mode: 'serial' });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // The cookie banner would cover the page's bottom, and a resize slides the navigation away.
  await acceptCookies(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signUp(page: Page, name: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.waitForURL(/action=register/);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel(/^Email/).fill(`${name}@example.test`);
  const passwords = page.locator('input[type=password]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signInAdmin(page: Page) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(ADMIN_EMAIL);
  await page.locator('input[type=password]').first().fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, a colour gradient) that any decoder, sharp included, reads. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) rows.push((x * 255) / width, (y * 255) / height, 160);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let lateSignUp: string | undefined;

test('a code mail arrives through the queue, and a sign-up while the relay is down is told so', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The relay is up: the code arrives and the new member registers (a role is granted: a domain event).
  const registered = unique();
  await signUp(page, registered);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByText('k***@example.test')).toBeVisible();
  await shot(page, 'mail-0-enter-code');
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(await codeSentTo(`${registered}@example.test`));
  await page.waitForURL('**/onboarding');
  await page.getByRole('link', { name: 'Register as investor' }).click();
  await page.waitForURL('**/registration/investor');
  await page.getByRole('combobox', { name: 'Kind of investor' }).click();
  await page.getByRole('option', { name: 'Angel investor', exact: true }).click();
  await page
    .getByLabel('Investment thesis')
    .fill('Early-stage climate and education ventures in East Africa with a clear path to revenue.');
  await page.getByLabel('Seed', { exact: true }).check();
  await page.getByRole('combobox', { name: 'Sectors' }).click({ force: true });
  await page.getByRole('option', { name: 'Education', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Geographies' }).fill('Kenya');
  await page.keyboard.press('Enter');
  await page.getByLabel('Minimum ticket').fill('10000');
  await page.getByLabel('Maximum ticket').fill('50000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/user/home');
  await shot(page, 'mail-1-registered-after-mailed-code');

  // The relay is down: the first attempt fails and the sign-up says so (spec section 8)...
  const late = unique();
  const other = await (await browser.newContext()).newPage();
  await setSink('down');
  try {
    await signUp(other, late);
    await expect(other.getByRole('alert').filter({ hasText: 'Error Sending OTP' })).toBeVisible({
      timeout: 20_000,
    });
    await shot(other, 'mail-2-sign-up-while-relay-down');
    // ...and stays down a while longer, well inside the first retry's delay.
    await other.waitForTimeout(5000);
  } finally {
    await setSink('up');
  }
  // The job retries with backoff (first retry after 30 to 60 s): the last journey of this file checks
  // the mail arrived, so the journeys between run during that wait.
  lateSignUp = `${late}@example.test`;
});

test('the platform administrator sees the queues, an empty dead-letter list, and retries a dead job', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  await page.goto('/admin-center?tab=jobs');
  await expect(page.getByRole('tab', { name: 'Background jobs' })).toHaveAttribute('aria-selected', 'true');
  const queues = page.getByRole('table', { name: 'Job queues' });
  for (const name of ['mail.send', 'maintenance.cleanup', 'jobs.ping']) {
    await expect(queues.getByRole('row').filter({ hasText: name })).toBeVisible();
  }
  // The mails of the journey above were delivered: mail.send counts them done.
  const mailRow = queues.getByRole('row').filter({ hasText: 'mail.send' });
  await expect(mailRow.getByRole('cell').nth(4)).not.toHaveText('0');
  await expect(page.getByText('No dead letters: every job ran or is still being retried')).toBeVisible();
  await shot(page, 'jobs-1-default-view');

  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(
    !databaseUrl,
    'A mail dies only after five retries over about half an hour; on PostgreSQL (E2E_DATABASE_URL) the journey fast-forwards the waits between them.',
  );
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const dead = unique();
  const address = `${dead}@example.test`;
  await setSink('down');
  try {
    // A sign-up while the relay is down: its code mail fails its first attempt.
    const signup = await request.post('/api/auth/signup', {
      data: {
        username: dead,
        email: address,
        firstName: 'Dead',
        lastName: 'Letter',
        password: PASSWORD,
        tnc_accepted: true,
      },
    });
    expect(signup.status()).toBe(502);
    expect(((await signup.json()) as { message: string }).message).toMatch(/^Error Sending OTP/);
    // Time passes: each retry's wait is cut short, and pg-boss's own worker fails every attempt until
    // the job moves to the dead letters.
    await expect
      .poll(
        async () => {
          await db.query(
            `update pgboss.job set start_after = now() where name = 'mail.send' and state = 'retry' and data->>'to' = $1`,
            [address],
          );
          const { rows } = await db.query(
            `select count(*)::int as n from pgboss.job where name = 'mail.send.dead' and data->>'to' = $1`,
            [address],
          );
          return rows[0].n;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(1);
  } finally {
    await setSink('up');
    await db.end();
  }
  await page.reload();
  const letters = page.getByRole('table', { name: 'Dead letters' });
  const row = letters.getByRole('row').filter({ hasText: 'mail.send' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ECONNREFUSED');
  await expect(mailRow.getByRole('cell').last()).toHaveText('1');
  const doneBefore = Number(await mailRow.getByRole('cell').nth(4).textContent());
  await shot(page, 'jobs-2-dead-letter');
  await row.getByRole('button', { name: /^Retry / }).click();
  const confirm = page.getByRole('dialog', { name: 'Retry job' });
  await expect(confirm).toContainText('fresh retries');
  await confirm.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No dead letters: every job ran or is still being retried')).toBeVisible();
  await expect(confirm).toBeHidden();
  const mail = await mailTo(address, 0, 20_000);
  expect(mail.body).toMatch(/\b\d{6}\b/);
  // The retried job is a new mail.send job with fresh retries, and it was delivered.
  await page.reload();
  await expect(mailRow.getByRole('cell').nth(4)).toHaveText(String(doneBefore + 1));
  await expect(mailRow.getByRole('cell').last()).toHaveText('0');
  await shot(page, 'jobs-3-retried');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'jobs-4-phone');
});

test('the platform administrator sees recorded domain events with their status', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin-center?tab=events');
  await expect(page.getByRole('tab', { name: 'Domain events' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Domain events' });
  await expect(table).toBeVisible();
  // The registration above granted a role: its event was handled.
  const granted = table.getByRole('row').filter({ hasText: 'access.role.granted' }).first();
  await expect(granted).toBeVisible();
  await expect(granted.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ events?$/)).toBeVisible();
  await shot(page, 'events-1-default-view');
  // Filtering by a status nobody is in shows the empty state.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Dead' }).click();
  await expect(page.getByText('No dead events')).toBeVisible();
  await shot(page, 'events-2-no-dead');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(granted).toBeVisible();
  await shot(page, 'events-3-phone');
});

test('a member uploads a profile photo, sees it served, and a text file posing as a PNG is refused', async ({
  page,
}) => {
  await signIn(page, 'volunteer');
  await page.goto('/settings');
  const input = page.locator('input[type=file]').first();
  await expect(page.getByText('Profile photo', { exact: true })).toBeVisible();

  // A text file named .png: the browser calls it image/png, the server reads its first bytes.
  await input.setInputFiles({
    name: 'not-a-photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('This is plain text, not an image.\n'),
  });
  // The server's own words, read from the first bytes, not the browser's check of the name.
  const refusal = page.getByRole('alert').filter({ hasText: /is not a type accepted .*nothing was stored/ });
  await expect(refusal).toBeVisible();
  await shot(page, 'photo-1-wrong-type');

  const uploaded = page.waitForResponse(
    (response) => response.url().includes('/api/files/') && response.request().method() === 'POST',
  );
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(320, 240) });
  expect((await uploaded).status()).toBe(201);
  const avatar = page.locator('img[src*="/api/files/files/content/"]').first();
  await expect(avatar).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const src = (await avatar.getAttribute('src')) as string;
  expect(src).toMatch(/^\/api\/files\/files\/content\/[0-9a-f-]{36}\?size=256$/);
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  // Reload once the save has answered: a reload that overtakes it reads the profile before the photo.
  const saved = page.waitForResponse(
    (response) => response.url().includes('/updateMyProfile') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.locator(`img[src="${src}"]`).first()).toBeVisible();
  await shot(page, 'photo-2-uploaded');
});

test('the code mail of the sign-up made while the relay was down arrives once it is back', async () => {
  test.setTimeout(150_000);
  test.skip(!lateSignUp, 'The first journey of this file did not run.');
  const mail = await mailTo(lateSignUp as string, 0, 120_000);
  expect(mail.subject).not.toBe('');
  expect(mail.body).toMatch(/\b\d{6}\b/);
});
