/** The route table of docs/permissions.md, generated from `app.routePolicies` and checked by a test. */

export const TABLE_START =
  '<!-- route-policies:start (generated: see the note above; do not edit by hand) -->';
export const TABLE_END = '<!-- route-policies:end -->';

interface RoutePolicy {
  method: string;
  url: string;
  policy: string;
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** One Markdown row per route and method, sorted by path then method, so the table diffs cleanly. */
export function renderRouteTable(routes: readonly RoutePolicy[]): string {
  const unique = new Map<string, RoutePolicy>();
  for (const route of routes) unique.set(`${route.method} ${route.url}`, route);
  const sorted = [...unique.values()].sort(
    (a, b) => a.url.localeCompare(b.url) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    '| Route | Method | Policy |',
    '|---|---|---|',
    ...sorted.map((r) => `| \`${cell(r.url)}\` | ${r.method} | \`${cell(r.policy)}\` |`),
  ];
  return `${TABLE_START}\n${lines.join('\n')}\n${TABLE_END}`;
}

/** The generated table inside a document, or null when its markers are missing. */
export function extractRouteTable(document: string): string | null {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) return null;
  return document.slice(start, end + TABLE_END.length);
}
