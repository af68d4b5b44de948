/**
 * index.html carries the entry's style sheets after the boot screen, so the boot screen paints before
 * they arrive (build/styles-after-boot.ts). Before anything else loads, they go back to the head,
 * ahead of any sheet already there: the bundler adds each lazy chunk's sheet at the end of the head,
 * and the cascade must keep its order (shared styles first, a page's own after them). The browser
 * has them parsed already, so the move fetches nothing.
 */
export function moveBootStylesToHead(doc: Document = document): void {
  const sheets = [...doc.body.querySelectorAll('link[rel="stylesheet"]')];
  if (sheets.length === 0) return;
  const firstInHead = doc.head.querySelector('link[rel="stylesheet"]');
  for (const sheet of sheets) doc.head.insertBefore(sheet, firstInHead);
}
