import { spawn } from 'node:child_process';
import { accessSync, constants, createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import { AppError } from '../../http/app-error';
import {
  addDerivedObjects,
  checkedFile,
  type DerivedObject,
  type FilesDeps,
  openContent,
  removeDerivedObjects,
} from '../files';

/** The rungs of the ladder, by height; a source smaller than a rung does not get it. */
const RUNGS = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2500 },
] as const;
const SEGMENT_SECONDS = 4;

export const HLS_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
};

/** The executable `name` on PATH, or null: looked up once at start, so a request never probes the disk. */
export function findOnPath(name: string, path = process.env.PATH ?? ''): string | null {
  for (const directory of path.split(delimiter)) {
    if (!directory) continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}

interface Run {
  code: number | null;
  stderr: string;
}

/** Runs ffmpeg without a shell (arguments are never parsed by one); keeps the end of its stderr. */
function run(ffmpeg: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** What ffmpeg says of the source: its picture height and whether it has sound. */
export function probeOutput(stderr: string): { height: number; audio: boolean } | null {
  const video = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!video) return null;
  return { height: Number(video[2]), audio: /Stream #\d+:\d+.*?: Audio: /.test(stderr) };
}

/** The ffmpeg arguments of a ladder: one H.264 (+AAC) variant per rung, a master playlist over them. */
export function ladderArgs(input: string, output: string, height: number, audio: boolean): string[] {
  const rungs = RUNGS.filter((rung) => rung.height <= height);
  // A source below the lowest rung is served at its own size (even, as H.264 wants).
  const heights = rungs.length
    ? rungs
    : [{ height: Math.max(2, height - (height % 2)), videoKbps: RUNGS[0].videoKbps }];
  const split = heights.map((_, index) => `[s${index}]`).join('');
  const scaled = heights.map((rung, index) => `[s${index}]scale=-2:${rung.height}[v${index}]`).join(';');
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-filter_complex'];
  args.push(`[0:v]split=${heights.length}${split};${scaled}`);
  heights.forEach((rung, index) => {
    args.push('-map', `[v${index}]`);
    if (audio) args.push('-map', '0:a:0');
    args.push(
      `-b:v:${index}`,
      `${rung.videoKbps}k`,
      `-maxrate:v:${index}`,
      `${Math.round(rung.videoKbps * 1.2)}k`,
    );
    args.push(`-bufsize:v:${index}`, `${rung.videoKbps * 2}k`);
  });
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  // A key frame at every segment boundary, so every rung cuts at the same instants and players can switch.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0');
  if (audio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  args.push('-threads', '2', '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS));
  args.push('-hls_playlist_type', 'vod', '-hls_segment_filename', join(output, 'v%v-%d.ts'));
  args.push('-master_pl_name', 'index.m3u8');
  args.push(
    '-var_stream_map',
    heights.map((_, index) => (audio ? `v:${index},a:${index}` : `v:${index}`)).join(' '),
  );
  args.push(join(output, 'v%v.m3u8'));
  return args;
}

export interface HlsDeps {
  ffmpeg: string;
  files: FilesDeps;
  log: (message: string, detail: unknown) => void;
}

/**
 * The `resources.hls` job: makes the HLS ladder of an item's video file and stores it beside the
 * original (`<key>-hls/index.m3u8`, `v0.m3u8`, `v0-0.ts`...), then sets `hls_key`. Idempotent: a file
 * that has its ladder is left alone. A source ffmpeg cannot encode is logged and the original keeps
 * playing; a storage failure throws, so the queue retries.
 */
export async function makeHlsLadder(database: Database, deps: HlsDeps, itemFileId: number): Promise<void> {
  const link = await inScope(database.db, 'all', async (tx) => {
    const result = (await tx.execute(
      sql`select file_id, hls_key from resource_files where item_file_id = ${itemFileId}`,
    )) as unknown as { rows: { file_id: string; hls_key: string | null }[] };
    return result.rows[0];
  });
  if (!link || link.hls_key) return;
  const served = await checkedFile(database.db, link.file_id);
  if (!served?.contentType.startsWith('video/')) return;

  const work = await mkdtemp(join(tmpdir(), 'nexus-hls-'));
  const hlsKey = `${served.key}-hls`;
  try {
    const input = join(work, 'source');
    await pipeline(await openContent(deps.files, served), createWriteStream(input));
    const probe = probeOutput((await run(deps.ffmpeg, ['-hide_banner', '-nostdin', '-i', input])).stderr);
    if (!probe) {
      deps.log('No video stream ffmpeg can read; the original file plays', { itemFileId });
      return;
    }
    const output = join(work, 'hls');
    await mkdir(output);
    const encoded = await run(deps.ffmpeg, ladderArgs(input, output, probe.height, probe.audio));
    if (encoded.code !== 0) {
      deps.log('ffmpeg could not make the HLS ladder; the original file plays', {
        itemFileId,
        code: encoded.code,
        stderr: encoded.stderr.slice(-2000),
      });
      return;
    }
    if (!(await storeLadder(database, deps, { itemFileId, fileId: link.file_id, hlsKey, dir: output })))
      deps.log('ffmpeg wrote no master playlist; the original file plays', { itemFileId });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface Ladder {
  itemFileId: number;
  fileId: string;
  /** The objects' prefix: `<key of the original>-hls`. */
  hlsKey: string;
  /** The directory ffmpeg wrote the ladder to. */
  dir: string;
}

/**
 * Stores a ladder ffmpeg wrote and makes it the file's: its objects are recorded on the original
 * (files module, `addDerivedObjects`: counted into the tenant's storage and removed with the file)
 * and `hls_key` is set, in one transaction. False when the directory has no master playlist.
 * Anything stored is removed again when the original or its item went meanwhile, when the tenant's
 * storage is full (logged; the original keeps playing) and when storing fails (thrown: the queue
 * retries from a clean state).
 */
export async function storeLadder(
  database: Database,
  deps: Pick<HlsDeps, 'files' | 'log'>,
  ladder: Ladder,
): Promise<boolean> {
  const names = (await readdir(ladder.dir)).filter((name) => /^(index|v\d+(-\d+)?)\.(m3u8|ts)$/.test(name));
  if (!names.includes('index.m3u8')) return false;
  // Segments first, playlists last: a playlist is never stored before what it lists.
  names.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || a.localeCompare(b));
  const stored: DerivedObject[] = [];
  try {
    for (const name of names) {
      const path = join(ladder.dir, name);
      const key = `${ladder.hlsKey}/${name}`;
      await deps.files.store.put(key, createReadStream(path), HLS_TYPES[name.split('.').pop() ?? ''] ?? '');
      stored.push({ key, bytes: (await stat(path)).size });
    }
    const kept = await inScope(database.db, 'all', async (tx) => {
      const live = (await tx.execute(
        sql`select 1 from resource_files rf join resource_items i on i.item_id = rf.item_id
          where rf.item_file_id = ${ladder.itemFileId} and rf.hls_key is null and i.is_deleted = false
          for update of rf`,
      )) as unknown as { rows: unknown[] };
      if (live.rows.length === 0 || !(await addDerivedObjects(tx, ladder.fileId, stored))) return false;
      await tx.execute(
        sql`update resource_files set hls_key = ${ladder.hlsKey} where item_file_id = ${ladder.itemFileId}`,
      );
      return true;
    });
    if (kept) stored.length = 0;
    return true;
  } catch (error) {
    if (!(error instanceof AppError && error.status === 409)) throw error;
    deps.log('The tenant’s storage is full: no HLS ladder, the original file plays', {
      itemFileId: ladder.itemFileId,
    });
    return true;
  } finally {
    // A ladder stored only in part, or not kept, is removed: a retry starts clean, no orphan stays.
    for (const object of stored) await deps.files.store.remove(object.key).catch(() => undefined);
  }
}

/**
 * The `resources.drop-hls` job, queued when an item is deleted: removes the ladders of its files
 * through the files module (their bytes leave the tenant's storage) and clears `hls_key`.
 * Idempotent; an item that is not deleted is left alone.
 */
export async function dropItemLadders(database: Database, files: FilesDeps, itemId: number): Promise<void> {
  const ladders = await inScope(database.db, 'all', async (tx) => {
    const result = (await tx.execute(
      sql`select rf.item_file_id, rf.file_id, rf.hls_key from resource_files rf
        join resource_items i on i.item_id = rf.item_id
        where rf.item_id = ${itemId} and i.is_deleted and rf.hls_key is not null`,
    )) as unknown as { rows: { item_file_id: number; file_id: string; hls_key: string }[] };
    return result.rows;
  });
  for (const ladder of ladders) {
    await removeDerivedObjects(files, ladder.file_id, `${ladder.hls_key}/`);
    await inScope(database.db, 'all', (tx) =>
      tx.execute(sql`update resource_files set hls_key = null where item_file_id = ${ladder.item_file_id}`),
    );
  }
}
