import { describe, expect, it } from 'vitest';
import { contentDisposition, NAME_MAX, sanitiseName } from './names';
import { parseRange } from './range';
import { agrees, sniff } from './sniff';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'latin1');

describe('sniff', () => {
  it.each([
    ['a.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['a.gif', text('GIF89a....'), 'image/gif'],
    ['a.webp', text('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    ['a.wav', text('RIFF\0\0\0\0WAVEfmt '), 'audio/wav'],
    ['a.pdf', text('%PDF-1.7\n'), 'application/pdf'],
    ['a.mp4', text('\0\0\0\x18ftypisom\0\0\0\0'), 'video/mp4'],
    ['a.m4a', text('\0\0\0\x18ftypM4A \0\0\0\0'), 'audio/mp4'],
    ['a.mp3', text('ID3\x04\0\0'), 'audio/mpeg'],
    ['b.mp3', bytes(0xff, 0xfb, 0x90, 0x64), 'audio/mpeg'],
    ['a.ogg', text('OggS\0\x02'), 'audio/ogg'],
    ['a.ogv', text('OggS\0\x02'), 'video/ogg'],
    ['a.webm', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f), 'video/webm'],
    [
      'a.docx',
      text('PK\x03\x04....[Content_Types].xml....word/document.xml'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'a.xlsx',
      text('PK\x03\x04....[Content_Types].xml....xl/workbook.xml'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'a.pptx',
      text('PK\x03\x04....[Content_Types].xml....ppt/presentation.xml'),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['a.csv', Buffer.from('name,age\nAda,36\n'), 'text/csv'],
    ['a.txt', Buffer.from('Grüße, naïve café\n'), 'text/plain'],
  ])('reads %s as %s', (name, head, type) => {
    expect(sniff(head, name)?.type).toBe(type);
  });

  it('accepts nothing else: executables, plain zips, QuickTime, binary noise', () => {
    expect(sniff(bytes(0x4d, 0x5a, 0x90, 0), 'setup.exe')).toBeNull();
    expect(sniff(text('PK\x03\x04....hello.txt'), 'a.zip')).toBeNull();
    expect(sniff(text('\0\0\0\x14ftypqt  '), 'a.mov')).toBeNull();
    expect(sniff(bytes(0x00, 0x01, 0x02, 0x03), 'a.txt')).toBeNull();
    expect(sniff(bytes(0xc3, 0x28, 0x41), 'a.txt')).toBeNull();
  });

  it('allows a multi-byte character cut in two at the end of the head', () => {
    const head = Buffer.from('café €');
    expect(sniff(head.subarray(0, head.length - 1), 'a.txt')?.type).toBe('text/plain');
  });

  it('refuses a name or declared type that disagrees with the content', () => {
    const png = sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'a.png')!;
    expect(agrees(png, 'a.png', 'image/png')).toBe(true);
    expect(agrees(png, 'photo', 'application/octet-stream')).toBe(true);
    expect(agrees(png, 'a.pdf', 'image/png')).toBe(false);
    expect(agrees(png, 'a.png', 'video/mp4')).toBe(false);
  });
});

describe('sanitiseName', () => {
  it('keeps the last path segment without control or reserved characters', () => {
    expect(sanitiseName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseName('C:\\Users\\me\\cv.pdf')).toBe('cv.pdf');
    expect(sanitiseName('a\u0000b\u001f.txt')).toBe('ab.txt');
    expect(sanitiseName('...hidden')).toBe('hidden');
    expect(sanitiseName('"quoted" <x>.txt')).toBe('quoted x.txt');
    expect(sanitiseName('../..')).toBe('file');
    expect(sanitiseName(undefined)).toBe('file');
  });

  it('cuts a very long name, keeping its ending', () => {
    const name = sanitiseName(`${'é'.repeat(500)}.docx`);
    expect([...name]).toHaveLength(NAME_MAX);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('puts any name safely in Content-Disposition', () => {
    expect(contentDisposition('résumé "1".pdf', true)).toBe(
      `inline; filename="r_sum_ _1_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%221%22.pdf`,
    );
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=5-1', 'unsatisfiable'],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
    [undefined, undefined],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
