import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAs } from './session';

// Six seconds of test pattern at 160x120 in VP8 (no sound), which every Chromium build plays, and its captions.
const VIDEO = readFileSync(new URL('../fixtures/talk.webm', import.meta.url));
const CAPTIONS = readFileSync(new URL('../fixtures/talk.vtt', import.meta.url));

/** Uploads bytes through the files module and attaches them to the item in `slot`. */
async function attach(
  page: Page,
  itemId: number,
  slot: 'main' | 'caption',
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const uploaded = await page.request.post('/api/files/files/upload', {
    multipart: { purpose: slot === 'main' ? 'media' : 'document', file },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const attached = await page.request.post('/api/resources/files/createFile', {
    data: { item_id: itemId, file_id: (await uploaded.json()).data.file_id, slot },
  });
  expect(attached.status(), await attached.text()).toBe(201);
}

const currentTime = (page: Page) =>
  page.getByTestId('media-player').evaluate((video: HTMLVideoElement) => video.currentTime);

/**
 * Issue 21 point 5: a member's video with WebVTT captions plays on /video/{id}; the viewer seeks to
 * two seconds, the position is saved, and after a reload the player starts there again.
 */
test('a video with captions plays, and resumes at the saved position after a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Lab tour ${Date.now()}`;
  const teacher = await signInAs(browser, 'teacher');

  const created = await teacher.request.post('/api/resources/items/createItem', {
    data: {
      kind: 'video',
      title,
      summary: 'A walk through the lab',
      status: 'published',
      visibility: 'platform',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const itemId = (await created.json()).data.item_id as number;
  await attach(teacher, itemId, 'main', { name: 'talk.webm', mimeType: 'video/webm', buffer: VIDEO });
  await attach(teacher, itemId, 'caption', { name: 'talk.vtt', mimeType: 'text/vtt', buffer: CAPTIONS });

  await teacher.goto(`/video/${itemId}`);
  await expect(teacher.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const player = teacher.getByTestId('media-player');
  await expect(player).toBeVisible();
  // The caption track is the item's WebVTT file, and the browser loads its cues.
  await expect(player.locator('track[kind="captions"]')).toHaveAttribute(
    'src',
    /\/api\/resources\/files\/content\/\d+$/,
  );
  await expect
    .poll(() =>
      player.evaluate((video: HTMLVideoElement) => {
        const track = video.textTracks[0];
        if (track) track.mode = 'hidden';
        return track?.cues?.length ?? 0;
      }),
    )
    .toBe(2);

  // Muted, so the browser's autoplay policy lets a script start it.
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect.poll(() => currentTime(teacher)).toBeGreaterThan(0);

  // Seeking and pausing at 2 s saves the position to the library.
  const saved = teacher.waitForResponse(
    (response) =>
      response.url().includes(`/api/resources/library/updateProgress/${itemId}`) &&
      response.ok() &&
      response.request().postDataJSON().position_seconds === 2,
  );
  await player.evaluate(async (video: HTMLVideoElement) => {
    video.pause();
    video.currentTime = 2.4;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    // A pause after the seek is what saves: the viewer stopping there.
    await video.play();
    video.pause();
  });
  await saved;
  await expectNoSeriousA11yViolations(teacher);

  await teacher.reload();
  await expect(teacher.getByText('Resumes at 0:02')).toBeVisible();
  await expect.poll(() => currentTime(teacher)).toBeCloseTo(2, 0);
});
