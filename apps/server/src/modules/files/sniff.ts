/** What a file's first bytes say it is, with the name endings that may go with it. */
export interface Detected {
  type: string;
  extensions: readonly string[];
}

/** How many leading bytes are read before the type is decided (zip-based office files need a few KB). */
export const SNIFF_BYTES = 16 * 1024;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Buffer, text: string, offset = 0) =>
  head.subarray(offset, offset + text.length).toString('latin1') === text;

/** The name's ending, lower-cased, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Decides a file's type from its first bytes (a small magic-number table). The name's ending only
 * chooses between types that share a container (MP4 audio or video, Ogg, WebM, text or CSV); it never
 * makes bytes pass for something they are not. Null: not a type this product accepts.
 */
export function sniff(head: Buffer, name: string): Detected | null {
  const ext = extensionOf(name);
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image/png', extensions: ['png'] };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return { type: 'image/gif', extensions: ['gif'] };
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return { type: 'image/webp', extensions: ['webp'] };
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return { type: 'audio/wav', extensions: ['wav'] };
  if (ascii(head, '%PDF-')) return { type: 'application/pdf', extensions: ['pdf'] };
  if (ascii(head, 'ftyp', 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    // QuickTime and HEIF share the box format but are not MP4 players can be trusted with.
    if (brand === 'qt  ' || brand.startsWith('hei') || brand.startsWith('mif')) return null;
    if (brand.startsWith('M4A') || brand.startsWith('M4B') || ext === 'm4a')
      return { type: 'audio/mp4', extensions: ['m4a'] };
    return { type: 'video/mp4', extensions: ['mp4', 'm4v'] };
  }
  if (ascii(head, 'ID3') || (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0))
    return { type: 'audio/mpeg', extensions: ['mp3'] };
  if (ascii(head, 'OggS'))
    return ext === 'ogv'
      ? { type: 'video/ogg', extensions: ['ogv'] }
      : { type: 'audio/ogg', extensions: ['ogg', 'oga', 'opus'] };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]))
    return ext === 'weba'
      ? { type: 'audio/webm', extensions: ['weba'] }
      : { type: 'video/webm', extensions: ['webm'] };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeDocument(head, ext);
  if (isText(head)) {
    return ext === 'csv'
      ? { type: 'text/csv', extensions: ['csv'] }
      : { type: 'text/plain', extensions: ['txt', 'text', 'md', 'log', 'vtt'] };
  }
  return null;
}

/** A zip is accepted only as an Office Open XML document, told apart by the folders inside it. */
function officeDocument(head: Buffer, ext: string): Detected | null {
  const text = head.toString('latin1');
  if (text.includes('word/')) return { type: DOCX, extensions: ['docx'] };
  if (text.includes('xl/')) return { type: XLSX, extensions: ['xlsx'] };
  if (text.includes('ppt/')) return { type: PPTX, extensions: ['pptx'] };
  if (!text.includes('[Content_Types].xml')) return null;
  if (ext === 'docx') return { type: DOCX, extensions: ['docx'] };
  if (ext === 'xlsx') return { type: XLSX, extensions: ['xlsx'] };
  if (ext === 'pptx') return { type: PPTX, extensions: ['pptx'] };
  return null;
}

/** UTF-8 without NUL or control characters other than tab, line breaks and form feed. */
function isText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  // The head may cut a multi-byte character in two: allow up to three dangling bytes at the end.
  for (let cut = 0; cut <= 3 && cut < head.length; cut += 1) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // Try without the last byte.
    }
  }
  return false;
}

/** Types whose declared family must agree with the detected one. */
const FAMILIES = ['image/', 'audio/', 'video/'];

/**
 * Whether the client's name and declared type agree with what the bytes are. A generic declared
 * type (application/octet-stream, or none) says nothing; a declared image, audio or video type
 * must be of the same family as the content.
 */
export function agrees(detected: Detected, name: string, declaredType: string | undefined): boolean {
  const ext = extensionOf(name);
  if (ext && !detected.extensions.includes(ext)) return false;
  const declared = (declaredType ?? '').toLowerCase();
  const family = FAMILIES.find((prefix) => declared.startsWith(prefix));
  return !family || detected.type.startsWith(family);
}
