/** Names for Pagination's arrow buttons, which Mantine leaves unnamed (axe: button-name). */
export function paginationControlProps(control: 'first' | 'previous' | 'last' | 'next') {
  const names = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };
  return { 'aria-label': names[control] };
}
