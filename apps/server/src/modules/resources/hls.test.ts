import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCE_FILES_API, RESOURCE_ITEMS_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { mp4Bytes } from '../../test/upload-fixtures';
import { DiskStore } from '../files';
import { findOnPath, ladderArgs, makeHlsLadder, probeOutput } from './hls';
import { resourceKit } from './test-kit';

/** Issue 21 point 5: the HLS ladder of a video, made by ffmpeg when it is installed. */

const ffmpeg = findOnPath('ffmpeg');
const hasFfmpeg = ffmpeg !== null;

let t: TestApp;
let kit: ReturnType<typeof resourceKit>;
let tenantA: number;
let memberA: Actor;
let store: DiskStore;
let storageDir: string;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'nexus-hls-test-'));
  store = new DiskStore(storageDir);
  t = await makeApp({ fileStore: store });
  kit = resourceKit(t);
  tenantA = await kit.tenant({ storage_gb: 1 });
  memberA = member(await kit.newUser(), tenantA);
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const files = () => ({ database: t.database, store, maxMb: 50 });

/** A tenant-only video item with `data` as its main file; answers the item and its file's id. */
async function videoItem(data: Buffer, name: string, type: string) {
  const item = await kit.created(memberA, { kind: 'video', visibility: 'tenant' });
  const uploaded = (await kit.upload(memberA, { name, type, data }, 'media')).json().data;
  const attached = await kit.call(memberA, 'POST', `${RESOURCE_FILES_API}/createFile`, {
    item_id: item.item_id,
    file_id: uploaded.file_id,
  });
  expect(attached.statusCode, attached.body).toBe(201);
  const file = attached.json().data[0] as { item_file_id: number; url: string };
  return { item, file };
}

describe('HLS ladder', () => {
  it('reads the height and the sound of a source from what ffmpeg prints', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'source':",
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1280x720, 52 kb/s',
      '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s',
    ].join('\n');
    expect(probeOutput(stderr)).toEqual({ height: 720, audio: true });
    expect(probeOutput(stderr.split('\n').slice(0, 2).join('\n'))).toEqual({ height: 720, audio: false });
    expect(probeOutput('source: Invalid data found when processing input')).toBeNull();
    // Rungs above the source are left out; a source below the lowest rung keeps its own size.
    const map = (args: string[]) => args[args.indexOf('-var_stream_map') + 1];
    expect(map(ladderArgs('in', 'out', 720, true))).toBe('v:0,a:0 v:1,a:1');
    expect(map(ladderArgs('in', 'out', 480, false))).toBe('v:0');
    expect(ladderArgs('in', 'out', 241, false).join(' ')).toContain('scale=-2:240');
  });

  it('leaves the original playing and logs when ffmpeg fails', async () => {
    const { item, file } = await videoItem(mp4Bytes(5000), 'broken.mp4', 'video/mp4');
    const logged: string[] = [];
    // `false` is an ffmpeg that fails at everything it is asked.
    const failing = findOnPath('false');
    expect(failing).not.toBeNull();
    await makeHlsLadder(
      t.database,
      { ffmpeg: failing as string, files: files(), log: (m) => logged.push(m) },
      file.item_file_id,
    );
    expect(logged).toHaveLength(1);
    const got = (await kit.get(memberA, item.item_id)).json().data;
    expect(got.files[0].hls_url).toBeNull();
    expect((await kit.call(memberA, 'GET', file.url)).statusCode).toBe(200);
    expect((await kit.call(memberA, 'GET', `${file.url}/hls/index.m3u8`)).statusCode).toBe(404);
  });

  it.skipIf(!hasFfmpeg)(
    'makes a master playlist and segments, served with the item’s access rules',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'nexus-hls-src-'));
      const source = join(work, 'clip.mp4');
      execFileSync(ffmpeg as string, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...[
          '-i',
          'testsrc=duration=2:size=320x240:rate=10',
          '-c:v',
          'libx264',
          '-pix_fmt',
          'yuv420p',
          source,
        ],
      ]);
      const { item, file } = await videoItem(readFileSync(source), 'clip.mp4', 'video/mp4');
      rmSync(work, { recursive: true, force: true });
      const logged: unknown[] = [];
      const deps = {
        ffmpeg: ffmpeg as string,
        files: files(),
        log: (...args: unknown[]) => logged.push(args),
      };
      await makeHlsLadder(t.database, deps, file.item_file_id);
      expect(logged).toEqual([]);

      const got = (await kit.get(memberA, item.item_id)).json().data;
      const hlsUrl = got.files[0].hls_url as string;
      expect(hlsUrl).toBe(`${file.url}/hls/index.m3u8`);
      const colleague = member(await kit.newUser(), tenantA);
      const master = await kit.call(colleague, 'GET', hlsUrl);
      expect(master.statusCode).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      // A 240-line source gets one rung at its own height, not a blown-up 360p or 720p.
      expect(master.body).toContain('#EXTM3U');
      expect(master.body).toContain('RESOLUTION=320x240');
      expect(master.body).not.toContain('x720');
      const variantName = master.body.split('\n').find((line) => line.endsWith('.m3u8')) as string;
      const variant = await kit.call(colleague, 'GET', `${file.url}/hls/${variantName}`);
      expect(variant.statusCode).toBe(200);
      const segmentName = variant.body.split('\n').find((line) => line.endsWith('.ts')) as string;
      const segment = await kit.call(colleague, 'GET', `${file.url}/hls/${segmentName}`);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      // MPEG-TS packets start with the sync byte 0x47.
      expect(segment.rawPayload[0]).toBe(0x47);

      // Another tenant and a signed-out visitor do not learn the ladder exists.
      const stranger = member(await kit.newUser(), await kit.tenant());
      expect((await kit.call(stranger, 'GET', hlsUrl)).statusCode).toBe(404);
      expect((await kit.call(stranger, 'GET', `${file.url}/hls/${segmentName}`)).statusCode).toBe(404);
      expect((await kit.call(null, 'GET', hlsUrl)).statusCode).toBe(404);
      // A name outside the ladder's pattern is refused before any storage is touched.
      expect((await kit.call(colleague, 'GET', `${file.url}/hls/..%2Fsecret.ts`)).statusCode).toBe(400);
      expect((await kit.call(colleague, 'GET', `${file.url}/hls/v9-99.ts`)).statusCode).toBe(404);

      // Back to a draft, the ladder is its author's alone, like the item.
      const toDraft = await kit.call(memberA, 'PUT', `${RESOURCE_ITEMS_API}/updateItem/${item.item_id}`, {
        status: 'draft',
      });
      expect(toDraft.statusCode, toDraft.body).toBe(200);
      expect((await kit.call(colleague, 'GET', hlsUrl)).statusCode).toBe(404);
      expect((await kit.call(memberA, 'GET', hlsUrl)).statusCode).toBe(200);

      // Running the job again keeps the ladder as it is.
      await makeHlsLadder(t.database, deps, file.item_file_id);
      expect((await kit.get(memberA, item.item_id)).json().data.files[0].hls_url).toBe(hlsUrl);
    },
    60_000,
  );
});
