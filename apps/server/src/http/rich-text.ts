import sanitizeHtml from 'sanitize-html';

/** The editor's rich text keeps formatting and links, never scripts, handlers, styles or images. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** Rich text as saved (posts, notes, FAQs, resources): sanitised. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** The words of sanitised HTML, for search: a word never matches the markup around it. */
export function textOf(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h1|h2|h3|li|blockquote|pre)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** `%word%` for ILIKE, with the pattern characters of the word taken literally. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
