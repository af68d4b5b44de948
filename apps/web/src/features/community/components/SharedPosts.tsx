import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import { useCommunityPostsQuery } from '../api';

/** One page of shared posts; the last page offers the next one. */
function SharedPage({
  communityId,
  cursor,
  last,
  onMore,
}: {
  communityId: number;
  cursor?: string;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const page = useCommunityPostsQuery({ communityId, ...(cursor ? { cursor } : {}) });
  const rows = page.data?.data ?? [];
  const next = page.data?.meta.next_cursor ?? null;
  return (
    <QueryState
      label="the shared posts"
      isLoading={page.isLoading}
      error={page.error}
      isEmpty={!cursor && rows.length === 0}
      emptyText="No post shared here yet. Share one of yours from its page."
      onRetry={page.refetch}
    >
      <Stack gap="xs">
        {rows.map((post) => (
          <Paper key={post.post_id} withBorder p="sm" radius="md" component="article">
            <Anchor component={Link} to={`/show-post/${post.post_id}`} fw={600}>
              {post.title ?? `Post by ${post.author.name}`}
            </Anchor>
            <Text size="sm" lineClamp={3}>
              {post.excerpt}
            </Text>
            <Text size="xs" c="dimmed">
              {post.author.name} · <RelativeDate date={post.published_at ?? post.created_at} />
            </Text>
          </Paper>
        ))}
        {last && next ? (
          <Button variant="default" onClick={() => onMore(next)} style={{ alignSelf: 'flex-start' }}>
            Show more posts
          </Button>
        ) : null}
      </Stack>
    </QueryState>
  );
}

/** The community page's "Posts shared here": newest first, a page at a time (keyset cursor). */
export function SharedPosts({ communityId }: { communityId: number }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="shared-posts-title">
      <Title order={2} size="h4" id="shared-posts-title">
        Posts shared here
      </Title>
      {cursors.map((cursor, index) => (
        <SharedPage
          key={cursor ?? 'first'}
          communityId={communityId}
          cursor={cursor}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((list) => [...list, next])}
        />
      ))}
    </Stack>
  );
}
