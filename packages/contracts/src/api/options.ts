/**
 * A choice list with its labels, so the web shows the same words the server accepts. In a module of
 * its own, without zod: the choice lists built with it are read by pages that validate nothing (a hub's
 * funding block labels sectors), and so stay out of the schemas' chunks.
 */
export function options<const T extends Record<string, string>>(labels: T) {
  type Key = keyof T & string;
  return { values: Object.keys(labels) as [Key, ...Key[]], labels };
}
