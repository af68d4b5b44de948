import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PostItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import { useUnsharePostMutation } from '../../network';
import { useCommunityPostsQuery } from '../api';

const headingOf = (post: PostItem) => post.title ?? `Post by ${post.author.name}`;

/** One page of shared posts; the last page offers the next one. */
function SharedPage({
  communityId,
  cursor,
  last,
  canModerate,
  onMore,
  onRemove,
}: {
  communityId: number;
  cursor?: string;
  last: boolean;
  canModerate: boolean;
  onMore: (cursor: string) => void;
  onRemove: (post: PostItem) => void;
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
        {rows.map((post) => {
          const headingId = `shared-post-${post.post_id}-title`;
          return (
            <Paper
              key={post.post_id}
              withBorder
              p="sm"
              radius="md"
              component="article"
              aria-labelledby={headingId}
            >
              <Anchor component={Link} to={`/show-post/${post.post_id}`} fw={600} id={headingId}>
                {headingOf(post)}
              </Anchor>
              <Text size="sm" lineClamp={3}>
                {post.excerpt}
              </Text>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {post.author.name} · <RelativeDate date={post.published_at ?? post.created_at} />
                </Text>
                {/* The server lets the author or the community's moderators take a post out (docs/community.md). */}
                {canModerate || post.mine ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-xs"
                    aria-describedby={headingId}
                    onClick={() => onRemove(post)}
                  >
                    Remove from community
                  </Button>
                ) : null}
              </Group>
            </Paper>
          );
        })}
        {last && next ? (
          <Button variant="default" onClick={() => onMore(next)} style={{ alignSelf: 'flex-start' }}>
            Show more posts
          </Button>
        ) : null}
      </Stack>
    </QueryState>
  );
}

/**
 * The community page's "Posts shared here": newest first, a page at a time (keyset cursor).
 * `canModerate` (the community's `can_moderate`) offers taking anyone's post out; others may take
 * out only their own.
 */
export function SharedPosts({ communityId, canModerate }: { communityId: number; canModerate: boolean }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [removing, setRemoving] = useState<PostItem | null>(null);
  const [unshare] = useUnsharePostMutation();
  const remove = async (post: PostItem) => {
    try {
      await unshare({ id: post.post_id, communityId }).unwrap();
    } catch (failure) {
      // ConfirmDialog shows the rejection's message and stays open.
      throw new Error(errorMessage(failure, 'The post was not removed. Try again.'));
    }
    notify.success('Post removed from the community.');
  };
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
          canModerate={canModerate}
          onMore={(next) => setCursors((list) => [...list, next])}
          onRemove={setRemoving}
        />
      ))}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove from community?"
        message={
          removing
            ? `“${headingOf(removing)}” will no longer be listed in this community. The post itself stays with its author.`
            : ''
        }
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
    </Stack>
  );
}
