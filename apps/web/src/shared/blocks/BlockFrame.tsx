import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../ui/QueryState';

export interface BlockFrameProps {
  /** The block's heading; also names its loading, error and "see all" link for screen readers. */
  title: string;
  description?: string;
  /** Heading level: 2 on a hub, 3 inside a section. */
  order?: 2 | 3;
  seeAllHref: string;
  query: { isLoading: boolean; isFetching: boolean; error?: unknown; refetch: () => unknown };
  count: number;
  emptyText: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}

/**
 * What every hub block shares: a titled card, the list's loading, error and empty states, and a
 * "See all" link to the page that lists everything of the kind.
 */
export function BlockFrame({
  title,
  description,
  order = 2,
  seeAllHref,
  query,
  count,
  emptyText,
  emptyAction,
  children,
}: BlockFrameProps) {
  const id = `block-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={order} size="h4" id={id}>
            {title}
          </Title>
          <Anchor component={Link} to={seeAllHref} size="sm" c="blue.9" aria-label={`See all: ${title}`}>
            <Group gap={4} wrap="nowrap">
              See all
              <IconArrowRight size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        </Group>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        <QueryState
          label={title.toLowerCase()}
          isLoading={query.isLoading || (query.isFetching && count === 0)}
          error={query.error}
          isEmpty={count === 0}
          emptyText={emptyText}
          emptyAction={emptyAction}
          onRetry={() => query.refetch()}
        >
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {children}
          </Stack>
        </QueryState>
      </Stack>
    </Card>
  );
}

/** One row of a block: a linked title and a line or two about it. */
export function BlockItem({
  href,
  title,
  meta,
  extra,
}: {
  href: string;
  title: string;
  meta?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <li>
      <Stack gap={2}>
        <Anchor component={Link} to={href} fw={600} c="blue.9" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Anchor>
        {meta ? (
          <Text size="sm" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>
            {meta}
          </Text>
        ) : null}
        {extra}
      </Stack>
    </li>
  );
}
