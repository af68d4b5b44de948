import { Badge } from '@mantine/core';

/** Draft or published, in the same colours on the list and in the builder. */
export function ProgramStatusBadge({ status }: { status: 'draft' | 'published' }) {
  return (
    // Dark text on the light tint: the default light badge text fails axe's contrast check.
    <Badge
      color={status === 'published' ? 'green' : 'gray'}
      c={status === 'published' ? 'green.9' : 'gray.9'}
      variant="light"
      style={{ flexShrink: 0 }}
    >
      {status === 'published' ? 'Published' : 'Draft'}
    </Badge>
  );
}
