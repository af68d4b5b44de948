import { describe, expect, it } from 'vitest';
import { unitCreate, unitUpdate, unitUpdateItem } from './index';
import { VIDEO_EMBED_ORIGINS, videoAddressProblem, videoEmbedOf } from './video';

describe('video addresses (issue 23 point 4)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=90',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    ['https://youtu.be/dQw4w9WgXcQ?t=1m30s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/76979871/8a4f2c91b0', 'https://player.vimeo.com/video/76979871?dnt=1&h=8a4f2c91b0'],
    [
      'https://player.vimeo.com/video/76979871?h=8a4f2c91b0',
      'https://player.vimeo.com/video/76979871?dnt=1&h=8a4f2c91b0',
    ],
  ])('embeds %s as %s', (address, src) => {
    const embed = videoEmbedOf(address);
    expect(embed?.src).toBe(src);
    expect(VIDEO_EMBED_ORIGINS).toContain(new URL(src).origin);
  });

  it.each([
    'https://example.org/video.mp4',
    'https://evil.example/?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/@somechannel',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)',
    'not an address',
  ])('does not embed %s', (address) => {
    expect(videoEmbedOf(address)).toBeNull();
  });

  it('explains a YouTube or Vimeo address that names no video, and lets other sites through as links', () => {
    expect(videoAddressProblem('https://www.youtube.com/@somechannel')).toMatch(/names no video/);
    expect(videoAddressProblem('https://vimeo.com/channels/staffpicks')).toMatch(
      /Vimeo address names no video/,
    );
    expect(videoAddressProblem('https://example.org/video.mp4')).toBeNull();
    expect(videoAddressProblem('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
  });

  it('refuses such an address in a video unit, with the message on content.url, on create and update', () => {
    const bad = {
      unit_type: 'video',
      content: { url: 'https://www.youtube.com/playlist?list=PL1' },
    } as const;
    const created = unitCreate.safeParse({ module_id: 1, unit_name: 'Intro', ...bad });
    expect(created.success).toBe(false);
    expect(created.error?.issues[0]).toMatchObject({
      path: ['content', 'url'],
      message: expect.stringMatching(/YouTube/),
    });
    expect(unitUpdate.safeParse(bad).success).toBe(false);
    expect(unitUpdateItem.safeParse({ unit_id: 3, ...bad }).success).toBe(false);
    // A document may link to any page of those sites; a good video address passes.
    expect(unitUpdate.safeParse({ ...bad, unit_type: 'document' }).success).toBe(true);
    expect(
      unitCreate.safeParse({
        module_id: 1,
        unit_name: 'Intro',
        unit_type: 'video',
        content: { url: 'https://youtu.be/dQw4w9WgXcQ' },
      }).success,
    ).toBe(true);
  });
});
