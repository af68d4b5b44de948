/** The longest display name kept, in characters; longer names are cut, keeping their ending. */
export const NAME_MAX = 180;

/**
 * A display name made safe to show and to put in a header: the last path segment only, without
 * control characters (NUL included), reserved characters or leading dots, at most NAME_MAX long.
 * It is never used as a storage path: objects are stored under generated keys.
 */
export function sanitiseName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return 'file';
  const chars = [...cleaned];
  if (chars.length <= NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ending = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return chars.slice(0, NAME_MAX - [...ending].length).join('') + ending;
}

/**
 * A Content-Disposition value (RFC 6266): an ASCII fallback for old clients and the UTF-8 name in
 * `filename*`, so no quote, backslash or line break from a name ever reaches the header as is.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
