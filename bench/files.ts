// `npm run files -w @nexus/bench`: a 50 MB upload to the product as `npm start` runs it (a process of
// its own), signed in through /api/auth/signin, with the server's peak RSS (VmHWM in
// /proc/<pid>/status) before and after, next to the file's size: an upload that streams leaves the
// peak near where it was; one that buffered would raise it by the file's size (issue 15 point 4).
// Local disk first, then S3 through s3rver started here. Prints figures; asserts nothing.
//   BENCH_PORT  the product's port (8141)   BENCH_S3_PORT  s3rver's port (8145)
//   BENCH_FILE_MB  the file's size (50)     BENCH_ONLY  disk | s3
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { embeddedStore, type Product, type SignedIn, signIn, startProduct } from './api/product';

const MB = 1024 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 8141);
const S3_PORT = Number(process.env.BENCH_S3_PORT ?? 8145);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 50);
const ONLY = process.env.BENCH_ONLY;
/** A demo account (README): signs in on the main platform. */
const PERSON = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };

/** The server process: scripts/start.mjs spawns `node apps/server/dist/main.js` as its one child. */
function serverPid(product: Product): number {
  const launcher = product.pid;
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

/**
 * Resets the process's VmHWM to its current RSS (Linux clear_refs, value 5), so the peak that
 * follows is the upload's, not start-up's (migrations and the demo seed on the embedded database).
 */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function memoryOf(pid: number): { hwmMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { hwmMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** An MP4 by its first bytes (an ftyp box), random after that, written to disk so the bench streams it too. */
function videoFile(dir: string, bytes: number): string {
  const path = join(dir, 'lecture.mp4');
  const data = randomBytes(bytes);
  Buffer.from([0, 0, 0, 0x18]).copy(data, 0);
  data.write('ftypisom', 4, 'latin1');
  writeFileSync(path, data);
  return path;
}

async function upload(
  base: string,
  who: SignedIn,
  path: string,
): Promise<{ status: number; body: string; ms: number }> {
  const form = new FormData();
  form.append('purpose', 'media');
  form.append('file', await openAsBlob(path, { type: 'video/mp4' }), 'lecture.mp4');
  const started = performance.now();
  const response = await fetch(`${base}/api/files/files/upload`, {
    method: 'POST',
    headers: { ...who.headers, origin: base },
    body: form,
  });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

async function download(base: string, who: SignedIn, url: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: who.headers });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return { bytes, ms: performance.now() - started };
}

async function run(label: string, env: Record<string, string>, file: string, bytes: number) {
  const store = embeddedStore();
  const product = await startProduct(store, PORT, { SEED: 'demo', ...env });
  try {
    const pid = serverPid(product);
    const who = await signIn(product.base, PERSON);
    const sinceStart = memoryOf(pid);
    const reset = resetPeak(pid);
    const idle = memoryOf(pid);
    const sent = await upload(product.base, who, file);
    const afterUpload = memoryOf(pid);
    if (sent.status !== 201) throw new Error(`upload answered ${sent.status}: ${sent.body.slice(0, 300)}`);
    const record = JSON.parse(sent.body).data as { url: string; size_bytes: number };
    const fetched = await download(product.base, who, record.url);
    const afterDownload = memoryOf(pid);
    const mbps = (ms: number) => (bytes / MB / (ms / 1000)).toFixed(0);
    console.log(`\n${label}: ${(bytes / MB).toFixed(1)} MB file, stored ${record.size_bytes} bytes`);
    console.log(
      `  upload    ${sent.ms.toFixed(0)} ms (${mbps(sent.ms)} MB/s)   download ${fetched.ms.toFixed(0)} ms (${mbps(fetched.ms)} MB/s, ${fetched.bytes} bytes)`,
    );
    console.log('  server memory (MB)        peak (VmHWM)   now (VmRSS)');
    for (const [name, m] of [
      ['after start-up', sinceStart],
      [reset ? 'peak reset, before upload' : 'before upload (no reset)', idle],
      ['after the upload', afterUpload],
      ['after the download', afterDownload],
    ] as const) {
      console.log(`  ${name.padEnd(26)}${m.hwmMb.toFixed(1).padStart(11)}${m.rssMb.toFixed(1).padStart(14)}`);
    }
    const rise = afterDownload.hwmMb - idle.hwmMb;
    console.log(
      `  peak rose ${rise.toFixed(1)} MB for a ${(bytes / MB).toFixed(0)} MB file (${((rise / (bytes / MB)) * 100).toFixed(0)}% of its size)`,
    );
  } finally {
    await product.stop();
    await store.drop();
  }
}

const work = mkdtempSync(join(tmpdir(), 'nexus-bench-files-'));
try {
  const bytes = FILE_MB * MB;
  const file = videoFile(work, bytes);
  if (ONLY !== 's3') {
    const storageDir = join(work, 'disk');
    await run('local disk (STORAGE_DIR)', { STORAGE_DIR: storageDir }, file, bytes);
    console.log(`  objects on disk: ${readdirSync(storageDir, { recursive: true }).length} entries`);
  }
  if (ONLY !== 'disk') {
    const s3 = new S3rver({
      port: S3_PORT,
      address: '127.0.0.1',
      silent: true,
      directory: join(work, 's3rver'),
      configureBuckets: [{ name: 'nexus-bench', configs: [] }],
    });
    await s3.run();
    try {
      await run(
        'S3 (s3rver, multipart upload)',
        {
          S3_BUCKET: 'nexus-bench',
          S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
        file,
        bytes,
      );
    } finally {
      await s3.close();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
