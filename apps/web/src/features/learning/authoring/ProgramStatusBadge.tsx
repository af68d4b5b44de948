import { Badge } from '@mantine/core';

/**
 * Draft or published, in the same colours on the list and in the builder. Filled in dark shades: white
 * badge text on teal 9 or gray 7 passes axe's contrast check, where the light variant's text did not.
 */
export function ProgramStatusBadge({ status }: { status: 'draft' | 'published' }) {
  return (
    <Badge color={status === 'published' ? 'teal.9' : 'gray.7'} variant="filled" style={{ flexShrink: 0 }}>
      {status === 'published' ? 'Published' : 'Draft'}
    </Badge>
  );
}
