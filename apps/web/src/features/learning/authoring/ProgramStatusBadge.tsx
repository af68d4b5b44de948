import { Badge } from '@mantine/core';

/** Draft or published, in the same colours on the list and in the builder. */
export function ProgramStatusBadge({ status }: { status: 'draft' | 'published' }) {
  return (
    <Badge color={status === 'published' ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {status === 'published' ? 'Published' : 'Draft'}
    </Badge>
  );
}
