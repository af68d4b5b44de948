import { describe, expect, it } from 'vitest';
import { fileContentPath, fileIdOfPath } from './files';
import { photoUrl } from './profile-fields';

const ID = '0b6f3a52-4c1e-4f7a-9d2b-6f1e2d3c4b5a';

describe('file content paths', () => {
  it('round-trips an id through its content path', () => {
    expect(fileContentPath(ID)).toBe(`/api/files/files/content/${ID}`);
    expect(fileIdOfPath(fileContentPath(ID, 256))).toBe(ID);
    expect(fileIdOfPath('https://images.example.test/me.png')).toBeNull();
    expect(fileIdOfPath(`/api/files/files/content/${ID}?size=99`)).toBeNull();
    expect(fileIdOfPath(null)).toBeNull();
  });

  it('takes an uploaded photo or an https link as a profile photo, nothing else', () => {
    expect(photoUrl.safeParse(fileContentPath(ID, 64)).success).toBe(true);
    expect(photoUrl.safeParse('https://images.example.test/me.png').success).toBe(true);
    for (const bad of [
      'http://images.example.test/me.png',
      '/api/files/files/content/x',
      '//evil.test/a.png',
    ]) {
      expect(photoUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});
