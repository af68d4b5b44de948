import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBlockChildrenQuery } from './api';
import { BlockFrame } from './BlockFrame';

export interface ChildrenBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  emptyText?: string;
  order?: 2 | 3;
}

/** How a child is linked: said in the empty state, where a parent with no child lands. */
export const LINK_A_CHILD =
  'No child is linked to you yet. When your child registers, they give your email address as their ' +
  "parent's email; once you have verified that address here, their programs and progress show in this block.";

/**
 * A parent's children (the accounts that registered with the parent's verified email address) and
 * each child's programs with their progress (issue 22: the parent partnership hub).
 */
export function ChildrenBlock({
  title = "Your children's learning",
  description,
  limit = 5,
  emptyText = LINK_A_CHILD,
  order,
}: ChildrenBlockProps) {
  const query = useBlockChildrenQuery();
  const children = (query.data ?? []).slice(0, limit);
  return (
    <BlockFrame
      title={title}
      description={description}
      order={order}
      seeAllHref="/lxp"
      query={query}
      count={children.length}
      emptyText={emptyText}
    >
      {children.map((child) => {
        const name = [child.first_name, child.last_name].filter(Boolean).join(' ') || 'Your child';
        return (
          <li key={child.user_id}>
            <Stack gap={4}>
              <Text fw={600}>{name}</Text>
              {child.programs.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Not enrolled in any program yet
                </Text>
              ) : (
                <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {child.programs.map((program) => (
                    <li key={program.program_id}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/programs/overview/${program.program_id}`} size="sm">
                          {program.title}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {program.completed ? 'Completed' : `${Math.round(program.progress)}%`}
                        </Text>
                      </Group>
                      <Progress
                        value={program.progress}
                        size="sm"
                        aria-label={`${name}: ${program.title}, ${Math.round(program.progress)}% done`}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>
          </li>
        );
      })}
    </BlockFrame>
  );
}
