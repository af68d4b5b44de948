import type { TreeUnit } from '@nexus/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UnitView } from './components/UnitView';

const videoUnit = (url: string) =>
  ({
    unit_id: 4,
    module_id: 2,
    unit_name: 'Welcome',
    unit_type: 'video',
    content: { url },
    is_required: true,
    position: 0,
  }) as unknown as TreeUnit;

describe('a video unit (issue 23 point 4)', () => {
  it('plays a YouTube address in the privacy-enhanced embedded player, titled and lazy', () => {
    const { container } = renderWithProviders(
      <UnitView unit={videoUnit('https://youtu.be/dQw4w9WgXcQ?t=42')} programId={1} />,
    );
    const frame = screen.getByTitle('Welcome (YouTube video)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.getAttribute('allow')).not.toMatch(/camera|microphone|geolocation|autoplay/);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByRole('link', { name: 'Watch on YouTube' })).toHaveAttribute(
      'href',
      'https://youtu.be/dQw4w9WgXcQ?t=42',
    );
  });

  it('plays a Vimeo address without tracking', () => {
    renderWithProviders(<UnitView unit={videoUnit('https://vimeo.com/76979871')} programId={1} />);
    expect(screen.getByTitle('Welcome (Vimeo video)')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
  });

  it('offers any other address as a link instead of a dead player', () => {
    const { container } = renderWithProviders(
      <UnitView unit={videoUnit('https://media.example.org/lecture.mp4')} programId={1} />,
    );
    expect(container.querySelector('video, iframe')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open video' });
    expect(link).toHaveAttribute('href', 'https://media.example.org/lecture.mp4');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
