import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images and fonts the build emits are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this a compressed copy saves less than the headers it adds. */
const MIN_BYTES = 256;
/**
 * The build's own folder holds manifests for tools, never served, and the per-route pages
 * (route-preload.ts), which the server sends for every deep link such as /lxp: those are compressed.
 */
const SERVED_UNDER_BUILD_FOLDER = new Set(['pages']);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, at the highest levels:
 * the build pays once, and the server (preCompressed in apps/server/src/http/spa.ts) only picks a file.
 * A compressed copy that is not smaller is not written, so the server sends the original.
 */
export function precompress(
  dir: string,
  { buildFolder = false } = {},
): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (buildFolder && !(entry.isDirectory() && SERVED_UNDER_BUILD_FOLDER.has(entry.name))) continue;
    if (entry.isDirectory()) {
      const nested = precompress(path, { buildFolder: entry.name === '.vite' });
      totals.files += nested.files;
      totals.bytes += nested.bytes;
      totals.brotliBytes += nested.brotliBytes;
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry.name)) || statSync(path).size < MIN_BYTES) continue;
    const source = readFileSync(path);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += Math.min(brotli.length, source.length);
  }
  return totals;
}
