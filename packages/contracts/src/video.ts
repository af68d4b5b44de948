/**
 * Video addresses a unit may hold (issue 23 point 4). YouTube and Vimeo are played in their own
 * players, embedded from their privacy-enhanced addresses (no cookies before play, no tracking);
 * the Content Security Policy's `frame-src` allows exactly these two origins (VIDEO_EMBED_ORIGINS).
 * Any other address is offered as a link: the browser's `<video>` cannot play a web page, and media
 * from other hosts stays blocked until uploaded files are served by the platform itself.
 */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export interface VideoEmbed {
  provider: 'YouTube' | 'Vimeo';
  /** The address to put in an iframe's src. */
  src: string;
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function parse(address: string): URL | null {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** `90`, `90s`, `1m30s` or `1h2m3s` as seconds; null otherwise. */
function seconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!parts || value === '') return null;
  const [, h = '0', m = '0', s = '0'] = parts;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** Which provider an address belongs to, whether or not it names a video. */
export function videoProviderOf(address: string): VideoEmbed['provider'] | null {
  const url = parse(address);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) return 'YouTube';
  if (VIMEO_HOSTS.has(host)) return 'Vimeo';
  return null;
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments[0] ?? null;
  if (segments[0] === 'watch') return url.searchParams.get('v');
  if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) return segments[1] ?? null;
  return null;
}

function vimeoVideo(url: URL): { id: string; hash: string | null } | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const at = segments.findIndex((segment) => /^\d+$/.test(segment));
  if (at < 0) return null;
  const id = segments[at] as string;
  // Unlisted videos carry a hash, in the path (vimeo.com/123/abc) or as ?h= (the player's form).
  const next = segments[at + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,}$/i.test(next) ? next : null);
  return { id, hash };
}

/** The embedded player for a YouTube or Vimeo address naming one video; null for anything else. */
export function videoEmbedOf(address: string): VideoEmbed | null {
  const url = parse(address);
  const provider = url ? videoProviderOf(address) : null;
  if (!url || !provider) return null;
  if (provider === 'YouTube') {
    const id = youtubeId(url);
    if (!id || !YOUTUBE_ID.test(id)) return null;
    const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return {
      provider,
      src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`,
    };
  }
  const video = vimeoVideo(url);
  if (!video) return null;
  const hash = video.hash ? `&h=${encodeURIComponent(video.hash)}` : '';
  return { provider, src: `https://player.vimeo.com/video/${video.id}?dnt=1${hash}` };
}

/**
 * Why a video unit's address cannot be played, or null: an address on YouTube or Vimeo must name one
 * video (a channel, playlist or search page cannot be embedded). Other sites are allowed, as a link.
 */
export function videoAddressProblem(address: string): string | null {
  const provider = videoProviderOf(address);
  if (!provider || videoEmbedOf(address)) return null;
  return provider === 'YouTube'
    ? 'This YouTube address names no video. Paste the address of one video, such as https://www.youtube.com/watch?v=… or https://youtu.be/…'
    : 'This Vimeo address names no video. Paste the address of one video, such as https://vimeo.com/123456789';
}
