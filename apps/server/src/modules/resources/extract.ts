import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import { checkedFile, type FilesDeps } from '../files';
import { readAll } from './item-files';

/** Enough words to find a document by; the rest of a very long PDF adds little to its ranking. */
const MAX_CHARS = 200_000;
const MAX_PAGES = 300;

/** The text of a PDF's pages, read with pdfjs-dist's Node build (no canvas, no worker thread). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: bytes,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    // Only text is read: the standard fonts that would draw the glyphs are not needed.
    verbosity: 0,
  }).promise;
  try {
    const parts: string[] = [];
    let length = 0;
    for (let page = 1; page <= Math.min(document.numPages, MAX_PAGES) && length < MAX_CHARS; page++) {
      const content = await (await document.getPage(page)).getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      parts.push(text);
      length += text.length;
    }
    return parts.join('\n').slice(0, MAX_CHARS);
  } finally {
    await document.destroy();
  }
}

/**
 * The `resources.extract-text` job: reads the text of the current PDFs of an item into its
 * `extracted_text`, which the search vector weighs with the body. Idempotent: it rewrites the whole
 * text from the files as they are now, so a repeat or a late run after a new version is harmless.
 */
export async function extractItemText(database: Database, deps: FilesDeps, itemId: number): Promise<void> {
  const fileIds = await inScope(database.db, 'all', async (tx) => {
    const result = (await tx.execute(
      sql`select distinct on (rf.slot, rf.item_file_id) rf.file_id from resource_files rf
        join files f on f.file_id = rf.file_id
        where rf.item_id = ${itemId} and rf.slot in ('main', 'attachment') and f.content_type = 'application/pdf'
          and f.deleted_at is null
          and (rf.slot = 'attachment' or rf.version = (select max(version) from resource_files m where m.item_id = rf.item_id and m.slot = 'main'))`,
    )) as unknown as { rows: { file_id: string }[] };
    return result.rows.map((row) => row.file_id);
  });
  const texts: string[] = [];
  for (const fileId of fileIds) {
    const served = await checkedFile(database.db, fileId);
    if (!served) continue;
    texts.push(await pdfText(new Uint8Array(await readAll(deps, served))));
  }
  const text = texts.join('\n').slice(0, MAX_CHARS);
  await inScope(database.db, 'all', (tx) =>
    tx.execute(sql`update resource_items set extracted_text = ${text} where item_id = ${itemId}`),
  );
}
