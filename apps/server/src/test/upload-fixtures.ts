import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';

/** A multipart/form-data body as a browser sends it: fields first, then the file. */
export function multipart(
  file: { name: string; type?: string; data: Buffer },
  fields: Record<string, string> = {},
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----nexus${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An MP4 as far as its first bytes go (an `ftyp` box), padded to `size` bytes. */
export function mp4Bytes(size: number): Buffer {
  const data = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(data, 0);
  data.write('ftypisom', 4, 'latin1');
  return data;
}

export function textBytes(size: number): Buffer {
  return Buffer.from('a line of plain text\n'.repeat(Math.ceil(size / 21)).slice(0, size));
}

export function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}
