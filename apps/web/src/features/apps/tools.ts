import type { MenuItem } from '../navigation';

/** One app of /my-apps: a menu the role's privileges grant, by the route it opens. */
export interface AppTool {
  path: string;
  name: string;
  /** The menu it sits under, when it is a sub-entry ("Learning" for "My library"). */
  group: string | null;
}

/** The pages that list the apps are not apps of their own. */
const NOT_APPS = new Set(['/my-apps', '/my-apps2']);

/**
 * The apps of the granted menus: every entry that opens a page, once per route (several entries may
 * share one; the first wins), in the menus' order. A group whose children are granted is a heading,
 * not an app, unless no child opens its route.
 */
export function toolsOf(items: readonly MenuItem[]): AppTool[] {
  const names = new Map(items.map((item) => [item.menu_id, item.menu_name]));
  const seen = new Set<string>();
  const tools: AppTool[] = [];
  for (const item of items) {
    if (NOT_APPS.has(item.path) || seen.has(item.path)) continue;
    seen.add(item.path);
    const group = item.menu_parent_id === null ? null : (names.get(item.menu_parent_id) ?? null);
    tools.push({ path: item.path, name: item.menu_name, group });
  }
  return tools;
}

/** The pinned apps in the person's order (pins of apps the role no longer opens are left out), then the rest. */
export function arrange(tools: readonly AppTool[], pins: readonly string[]) {
  const byPath = new Map(tools.map((tool) => [tool.path, tool]));
  const pinned = pins.flatMap((path) => {
    const tool = byPath.get(path);
    return tool ? [tool] : [];
  });
  const pinnedPaths = new Set(pinned.map((tool) => tool.path));
  return { pinned, others: tools.filter((tool) => !pinnedPaths.has(tool.path)) };
}

/** The pins after moving `path` one place up (-1) or down (+1); unchanged at either end. */
export function moved(pins: readonly string[], path: string, by: -1 | 1): string[] {
  const next = [...pins];
  const from = next.indexOf(path);
  const to = from + by;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}
