import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ResourceFile, ResourceItem } from '@nexus/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { useSaveProgressMutation } from '../api';

const SPEEDS = ['0.75', '1', '1.25', '1.5', '2'];
/** Progress is saved at most this often while playing, and whenever playback pauses or ends. */
const SAVE_EVERY_SECONDS = 10;

export const current = (files: ResourceFile[], slot: ResourceFile['slot']) =>
  files.find((file) => file.slot === slot && file.is_current);

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * How an HLS ladder plays here: `native` (Safari, recent Chrome), `hls.js` over Media Source
 * Extensions, or not at all (null: the original file plays).
 */
export function hlsPlayback(hlsUrl: string | null | undefined): 'native' | 'hls.js' | null {
  if (!hlsUrl || typeof document === 'undefined') return null;
  if (document.createElement('video').canPlayType(HLS_TYPE)) return 'native';
  return typeof window.MediaSource === 'function' || 'ManagedMediaSource' in window ? 'hls.js' : null;
}

export function clock(seconds: number): string {
  const s = Math.floor(seconds % 60);
  const m = Math.floor(seconds / 60) % 60;
  const h = Math.floor(seconds / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * The HTML5 player of videos and podcasts (issue 21 point 5): seeking through byte ranges of the
 * file route, WebVTT captions, chapters, playback speed, a poster, and resuming where the viewer
 * stopped (the position is saved to the library while playing). A video with an HLS ladder plays it,
 * natively or with hls.js (loaded only then); a ladder that fails falls back to the original file.
 */
export function MediaPlayer({
  item,
  audio = false,
  onEnded,
}: {
  item: ResourceItem;
  audio?: boolean;
  onEnded?: () => void;
}) {
  const signedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const lastSaved = useRef(item.position_seconds);
  const [speed, setSpeed] = useState('1');
  const [saveProgress] = useSaveProgressMutation();
  const main = audio
    ? (current(item.files, 'audio') ?? current(item.files, 'main'))
    : current(item.files, 'main');
  const captions = current(item.files, 'caption');
  const poster = current(item.files, 'poster');

  const [hlsFailed, setHlsFailed] = useState(false);
  const hlsUrl = audio || hlsFailed ? null : main?.hls_url;
  const [hlsMode] = useState(() => hlsPlayback(hlsUrl));
  const mode = hlsUrl ? hlsMode : null;

  useEffect(() => {
    if (media.current) media.current.playbackRate = Number(speed);
  }, [speed]);

  useEffect(() => {
    const element = media.current;
    if (mode !== 'hls.js' || !hlsUrl || !element) return;
    let hls: { destroy(): void } | null = null;
    let cancelled = false;
    // Imported here so only a page that plays a ladder downloads hls.js.
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setHlsFailed(true);
          return;
        }
        const player = new Hls();
        hls = player;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          player.destroy();
          setHlsFailed(true);
        });
        player.loadSource(hlsUrl);
        player.attachMedia(element);
      })
      .catch(() => setHlsFailed(true));
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [mode, hlsUrl]);

  if (!main) {
    return (
      <Alert color="gray" icon={<IconPlayerPlay aria-hidden="true" />} title="No media uploaded yet">
        The author has not uploaded the {audio ? 'audio' : 'video'} of this {audio ? 'podcast' : 'video'} yet.
      </Alert>
    );
  }

  const save = (force: boolean) => {
    const element = media.current;
    if (!signedIn || !element || !Number.isFinite(element.duration)) return;
    const position = Math.floor(element.currentTime);
    if (!force && Math.abs(position - lastSaved.current) < SAVE_EVERY_SECONDS) return;
    lastSaved.current = position;
    const percent = element.ended
      ? 100
      : Math.min(100, Math.round((element.currentTime / element.duration) * 100));
    saveProgress({ id: item.item_id, position_seconds: position, progress_percent: percent });
  };
  const seek = (seconds: number) => {
    if (!media.current) return;
    media.current.currentTime = seconds;
    void media.current.play().catch(() => undefined);
  };
  const props = {
    ref: media,
    controls: true,
    preload: 'metadata',
    // hls.js attaches its own source; the original file plays without a usable ladder.
    src: mode === 'hls.js' ? undefined : mode === 'native' ? (hlsUrl ?? main.url) : main.url,
    'data-playback': mode ?? 'file',
    'data-testid': 'media-player',
    onLoadedMetadata: () => {
      const element = media.current;
      if (element && item.position_seconds > 0 && item.position_seconds < element.duration - 2)
        element.currentTime = item.position_seconds;
      if (element) element.playbackRate = Number(speed);
    },
    onTimeUpdate: () => save(false),
    onPause: () => save(true),
    onEnded: () => {
      save(true);
      onEnded?.();
    },
  } as const;

  return (
    <Stack gap="sm">
      {audio ? (
        <audio {...props} style={{ width: '100%' }} aria-label={`Audio of ${item.title}`} />
      ) : (
        <video
          {...props}
          poster={poster?.url}
          style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
          aria-label={`Video: ${item.title}`}
        >
          {captions ? (
            <track kind="captions" src={captions.url} srcLang={item.language} label="Captions" default />
          ) : null}
        </video>
      )}
      <Group gap="md" wrap="wrap">
        <Select
          label="Speed"
          value={speed}
          allowDeselect={false}
          onChange={(value) => setSpeed(value ?? '1')}
          data={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
          w={110}
        />
        {item.position_seconds > 0 ? (
          <Text size="sm" c="dimmed">
            Resumes at {clock(item.position_seconds)}
          </Text>
        ) : null}
        {!audio && !captions ? (
          <Text size="sm" c="dimmed">
            No captions uploaded
          </Text>
        ) : null}
      </Group>
      {item.chapters.length > 0 ? (
        <Stack gap={4} component="nav" aria-label="Chapters">
          <Title order={2} size="h4">
            Chapters
          </Title>
          {item.chapters.map((chapter) => (
            <Button
              key={`${chapter.start}-${chapter.title}`}
              variant="subtle"
              justify="flex-start"
              onClick={() => seek(chapter.start)}
            >
              {clock(chapter.start)} · {chapter.title}
            </Button>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
