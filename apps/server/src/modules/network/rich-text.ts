import sanitizeHtml from 'sanitize-html';

/** The rich text of the editor keeps formatting and links, never scripts, handlers, styles or images. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** A post body as saved: sanitised rich text. */
export function cleanBody(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** The text of sanitised HTML: for search and excerpts. */
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
