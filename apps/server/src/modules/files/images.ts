import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { FileStore } from './store';

/** Refuses decompression bombs: an image may decode to at most this many pixels (about 8K x 5K). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface Variant {
  width: number;
  key: string;
  bytes: number;
}

export const variantKey = (key: string, width: number) => `${key}-w${width}.webp`;

/**
 * Makes WebP variants of a stored image, reading it back from storage so the upload itself never
 * sat in memory. Variants are small (at most 1024 px wide); each is stored under its own key. On a
 * failure every variant made so far is removed and the error is passed on.
 */
export async function makeVariants(
  store: FileStore,
  key: string,
  widths: readonly number[],
): Promise<Variant[]> {
  const source = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
    // Turn the picture the way its EXIF orientation says; the variants then carry no metadata.
    .rotate();
  const original = await store.get(key);
  original.pipe(source);
  const made: Variant[] = [];
  try {
    const rendered = await Promise.all(
      widths.map((width) =>
        source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      ),
    );
    for (const [index, width] of widths.entries()) {
      const buffer = rendered[index] as Buffer;
      const target = variantKey(key, width);
      await store.put(target, Readable.from([buffer]), 'image/webp');
      made.push({ width, key: target, bytes: buffer.length });
    }
    return made;
  } catch (error) {
    original.destroy();
    await Promise.all(made.map((variant) => store.remove(variant.key).catch(() => undefined)));
    throw error;
  }
}
