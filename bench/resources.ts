// `npm run resources -w @nexus/bench` (issue 21, "Tests and figures"):
//   1. The faceted search behind /resource-filter over 100,000 library items, with its facet counts
//      (kind, tag, language, collection, year), beside the platform ceiling (/readyz) in the same run,
//      at 32 connections, production settings, signed out as the page is used by a public visitor:
//      the defaults (the page's first request: 12 newest, facets), a word in about 1% of the items,
//      and a facet filter (videos tagged "funding"). Budget: >= 30% of /readyz, p99 < 50 ms.
//   2. A 200 MB video (made here, deleted afterwards) streamed to 20 concurrent viewers, signed out,
//      through the item-file route with Range requests as a player sends them (open-ended ranges,
//      two seeks ahead each), with the server process's memory (VmRSS sampled every 50 ms, VmHWM)
//      before, during and after.
// The items go straight into the store before the product starts (an embedded database has one owner
// at a time); the video goes through the product's own upload and attach endpoints.
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_ITEMS (100000)   BENCH_VIDEO_MB (200)   BENCH_VIEWERS (20)   BENCH_PORT first port (18270)
//   BENCH_ONLY embedded|postgres   BENCH_SKIP search|stream
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openAsBlob, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@nexus/server/db';
import { sql } from 'drizzle-orm';
import { budget, type Figure, interleaved, table } from './api/measure';
import {
  analyzeTables,
  call,
  embeddedStore,
  type Product,
  postgresStore,
  type SignedIn,
  type Store,
  seedStore,
  signIn,
  startProduct,
} from './api/product';

const MB = 1024 * 1024;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 200);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 20);
const SKIP = process.env.BENCH_SKIP;
const BUDGET = { vsReady: 0.3, p99Ms: 50 };
const WORD = 'geophysics';
/** A demo account (db/seed/DEMO_ACCOUNTS.md) on the main platform: uploads the video. */
const PERSON = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };

async function fill(store: Store): Promise<void> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const stamp = Date.now().toString(36);
    await db.execute(sql`insert into resource_collections (name, description, visibility)
      select 'Bench collection ' || ${stamp} || ' ' || i, '', 'public' from generate_series(1, 8) i`);
    // Eight kinds, twelve tags (two per item), four languages, eight collections and five years, so
    // every facet has several values; 5% are platform-only and 5% drafts, which a visitor must not
    // count. Every hundredth item names the searched word in its summary.
    await db.execute(sql`insert into resource_items (tenant_id, collection_id, kind, title, summary, tags,
        language, body, body_text, visibility, status, published_at, created_at)
      select null, c.collection_id,
        (array['article','video','podcast','case_study','template','report','publication','document'])[1 + n % 8],
        (array['Field notes','Lecture','Interview','Guide','Toolkit','Annual report','Paper','Brief'])[1 + n % 8]
          || ' on ' || (array['solar','water','soil','cities','health','finance','energy','food'])[1 + (n / 8) % 8] || ' ' || n,
        case when n % 100 = 0 then 'A ${sql.raw(WORD)} survey of the region.' else 'What a growing team learned this year.' end,
        array[(array['climate','energy','startups','policy','research','design'])[1 + n % 6],
              (array['mentoring','funding','water','health','education','markets'])[1 + (n / 6) % 6]],
        (array['en','en','fr','de','es'])[1 + n % 5],
        '<p>Notes from the programme.</p>', 'Notes from the programme.',
        case when n % 20 = 1 then 'platform' else 'public' end,
        case when n % 20 = 2 then 'draft' else 'published' end,
        case when n % 20 = 2 then null else now() - (n * 1000 || ' seconds')::interval end,
        now() - (n * 1000 || ' seconds')::interval
      from generate_series(1, ${ITEMS}) n
      join lateral (select collection_id from resource_collections
        where name = 'Bench collection ' || ${stamp} || ' ' || (1 + n % 8)) c on true`);
    await analyzeTables(store, db, ['resource_items', 'resource_collections']);
  } finally {
    await database.close();
  }
}

/** The server process: scripts/start.mjs spawns the server as its one child. */
function serverPid(product: Product): number {
  const launcher = product.pid;
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

function memoryOf(pid: number): { hwmMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { hwmMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** Resets VmHWM to the current RSS (Linux clear_refs 5) so the peak that follows is the streaming's. */
function resetPeak(pid: number): boolean {
  try {
    const fd = openSync(`/proc/${pid}/clear_refs`, 'w');
    writeSync(fd, '5');
    closeSync(fd);
    return true;
  } catch {
    return false;
  }
}

/** An MP4 by its first bytes (an ftyp box), random after that, written in 8 MB pieces. */
function videoFile(dir: string, bytes: number): string {
  const path = join(dir, 'bench-lecture.mp4');
  const fd = openSync(path, 'w');
  for (let written = 0; written < bytes; ) {
    const piece = randomBytes(Math.min(8 * MB, bytes - written));
    if (written === 0) {
      Buffer.from([0, 0, 0, 0x18]).copy(piece, 0);
      piece.write('ftypisom', 4, 'latin1');
    }
    writeSync(fd, piece);
    written += piece.length;
  }
  closeSync(fd);
  return path;
}

/** The video as an author publishes it: upload, a public published item, attached as its main file. */
async function publishVideo(
  base: string,
  who: SignedIn,
  path: string,
): Promise<{ url: string; size: number }> {
  const form = new FormData();
  form.append('purpose', 'media');
  form.append('file', await openAsBlob(path, { type: 'video/mp4' }), 'bench-lecture.mp4');
  const response = await fetch(`${base}/api/files/files/upload`, {
    method: 'POST',
    headers: { ...who.headers, origin: base },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text.slice(0, 300)}`);
  const file = JSON.parse(text).data as { file_id: string; size_bytes: number };
  const item = await call<{ data: { item_id: number } }>(
    base,
    who,
    'POST',
    '/api/resources/items/createItem',
    {
      kind: 'video',
      title: 'Bench lecture',
      visibility: 'public',
      status: 'published',
    },
  );
  // The answer lists the item's files; the player plays the current main one, by its url.
  const attached = await call<{ data: { slot: string; is_current: boolean; url: string }[] }>(
    base,
    who,
    'POST',
    '/api/resources/files/createFile',
    { item_id: item.data.item_id, file_id: file.file_id, slot: 'main' },
  );
  const main = attached.data.find((row) => row.slot === 'main' && row.is_current);
  if (!main) throw new Error('the attached video is not listed as the current main file');
  return { url: main.url, size: file.size_bytes };
}

/**
 * One viewer, signed out, as a browser's player fetches a video: an open-ended range from the start
 * (`bytes=0-`), dropped when the viewer seeks ahead, then `bytes=<offset>-` from there, three
 * stretches in all, the last to the end. Returns the bytes read.
 */
async function watch(base: string, url: string, size: number): Promise<number> {
  let received = 0;
  const stops = [Math.floor(size / 3), Math.floor((2 * size) / 3), size];
  let start = 0;
  for (const stop of stops) {
    const controller = new AbortController();
    const response = await fetch(`${base}${url}`, {
      headers: { range: `bytes=${start}-` },
      signal: controller.signal,
    });
    if (response.status !== 206) throw new Error(`bytes=${start}- answered ${response.status}`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let read = start;
    while (read < stop) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
    received += Math.min(read, stop) - start;
    if (read < size) controller.abort();
    start = stop;
  }
  return received;
}

async function stream(product: Product, work: string): Promise<void> {
  const pid = serverPid(product);
  const who = await signIn(product.base, PERSON);
  const file = videoFile(work, VIDEO_MB * MB);
  const video = await publishVideo(product.base, who, file);
  rmSync(file);
  const reset = resetPeak(pid);
  const before = memoryOf(pid);
  let rssPeak = before.rssMb;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(pid).rssMb);
  }, 50);
  const started = performance.now();
  const received = await Promise.all(
    Array.from({ length: VIEWERS }, () => watch(product.base, video.url, video.size)),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const during = memoryOf(pid);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = memoryOf(pid);
  const total = received.reduce((sum, bytes) => sum + bytes, 0);
  if (received.some((bytes) => bytes !== video.size)) throw new Error('a viewer received a short video');
  console.log(
    `\nstreaming: a ${(video.size / MB).toFixed(0)} MB video to ${VIEWERS} viewers, open-ended ranges with two seeks each (local disk store), signed out`,
  );
  console.log(
    `  ${(total / MB).toFixed(0)} MB served in ${seconds.toFixed(1)} s (${(total / MB / seconds).toFixed(0)} MB/s)`,
  );
  console.log('  server memory (MB)                 VmRSS   VmHWM (peak)');
  console.log(
    `  ${(reset ? 'before (peak reset)' : 'before (no peak reset)').padEnd(32)}${before.rssMb.toFixed(1).padStart(8)}${before.hwmMb.toFixed(1).padStart(15)}`,
  );
  console.log(
    `  ${'during (highest sample, 50 ms)'.padEnd(32)}${rssPeak.toFixed(1).padStart(8)}${during.hwmMb.toFixed(1).padStart(15)}`,
  );
  console.log(
    `  ${'2 s after'.padEnd(32)}${after.rssMb.toFixed(1).padStart(8)}${after.hwmMb.toFixed(1).padStart(15)}`,
  );
  console.log(
    `  peak rose ${(during.hwmMb - before.rssMb).toFixed(1)} MB while ${(total / MB).toFixed(0)} MB went out`,
  );
}

async function search(product: Product): Promise<void> {
  const api = `${product.base}/api/resources/items/getItems?limit=12&facets=true`;
  // The first request of each search counts its total and facets; later ones, until a write, reuse
  // them (search.ts). Both figures matter: the first is what a rare query costs.
  for (const [name, url] of [
    ['defaults', api],
    [`"${WORD}"`, `${api}&search=${WORD}`],
    ['kind + tag facets', `${api}&kind=video&tag=funding`],
  ]) {
    const started = performance.now();
    const response = await fetch(url as string);
    const body = (await response.json()) as { meta: { total: number } };
    console.log(
      `first request, counting (${name}): ${(performance.now() - started).toFixed(0)} ms, total ${body.meta.total}`,
    );
  }
  const [ready, defaults, word, filtered] = (await interleaved(2, [
    { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
    { name: `resource search, defaults (${ITEMS})`, url: api },
    { name: `resource search "${WORD}"`, url: `${api}&search=${WORD}` },
    { name: 'resource search, kind + tag facets', url: `${api}&kind=video&tag=funding` },
  ])) as [Figure, Figure, Figure, Figure];
  table('production settings (npm start), signed out, facet counts on', ready, [defaults, word, filtered]);
  budget('resource search defaults', defaults, ready, BUDGET.vsReady, BUDGET.p99Ms);
  budget('resource search by word', word, ready, BUDGET.vsReady, BUDGET.p99Ms);
  budget('resource search by facets', filtered, ready, BUDGET.vsReady, BUDGET.p99Ms);
}

async function bench(store: Store, port: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'nexus-bench-resources-'));
  try {
    seedStore(store);
    const started = Date.now();
    if (SKIP !== 'search') await fill(store);
    console.log(
      `\n${store.label}: ${SKIP === 'search' ? 0 : ITEMS} items in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const product = await startProduct(store, port, {
      NODE_ENV: 'production',
      STORAGE_DIR: join(work, 'storage'),
      UPLOAD_MAX_MB: String(Math.max(50, VIDEO_MB + 10)),
    });
    try {
      if (SKIP !== 'search') await search(product);
      if (SKIP !== 'stream') await stream(product, work);
      console.log(
        `load average after: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      await product.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await store.drop();
  }
}

const only = process.env.BENCH_ONLY;
const port = Number(process.env.BENCH_PORT ?? 18270);
if (only !== 'postgres') await bench(embeddedStore(), port);
if (process.env.DATABASE_URL && only !== 'embedded')
  await bench(await postgresStore(process.env.DATABASE_URL), port + 1);
else if (only !== 'embedded') console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped.');
