/** The page of conversations, and the query parameter naming the one open (URL state). */
export const MESSAGES_PATH = '/messages';
export const OPEN_PARAM = 'c';

/** The conversation open on the page at this location, or null. */
export function openConversationOf(pathname: string, search: string): number | null {
  if (pathname !== MESSAGES_PATH) return null;
  const value = Number(new URLSearchParams(search).get(OPEN_PARAM));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A conversation's name: its title, or the other members' names. */
export function conversationName(item: { title: string | null; members: { name: string }[] }): string {
  if (item.title) return item.title;
  if (item.members.length === 0) return 'Only you';
  return item.members.map((person) => person.name).join(', ');
}
