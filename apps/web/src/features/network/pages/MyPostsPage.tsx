import { Button, Container, Group, Stack, Tabs } from '@mantine/core';
import { POST_STATUSES, type PostItem, type PostStatus } from '@nexus/contracts';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useDeletePostMutation, useMyPostsQuery } from '../api';
import { CursorList } from '../components/CursorList';
import { NetworkHeader } from '../components/NetworkHeader';
import { PostCard } from '../components/PostCard';

const TAB_LABELS: Record<PostStatus, string> = {
  draft: 'Drafts',
  scheduled: 'Scheduled',
  published: 'Published',
};
type Tab = PostStatus | 'all';

function MyPost({ post, onDelete }: { post: PostItem; onDelete: (post: PostItem) => void }) {
  const editPath =
    post.status === 'published' ? `/edit-post/${post.post_id}` : `/write-a-post/${post.post_id}`;
  return (
    <Stack gap={6}>
      <PostCard post={post} />
      <Group justify="flex-end" gap="xs">
        {post.status === 'published' ? (
          <Button size="xs" variant="subtle" component={Link} to={`/show-post/${post.post_id}`}>
            View
          </Button>
        ) : null}
        <Button size="xs" variant="light" component={Link} to={editPath}>
          {post.status === 'draft' ? 'Continue writing' : 'Edit'}
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(post)}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

/** /community/my-posts: my drafts, scheduled and published posts; write, continue, edit or delete. */
export default function MyPostsPage() {
  const [tab, setTab] = useState<Tab>('all');
  const [deleting, setDeleting] = useState<PostItem | null>(null);
  const [remove] = useDeletePostMutation();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <NetworkHeader
          title="My posts"
          intro="Your drafts are kept here until you publish them."
          action={
            <Button
              component={Link}
              to="/write-a-post/new"
              leftSection={<IconPencilPlus size={18} aria-hidden="true" />}
            >
              Write a post
            </Button>
          }
        />
        <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'all')}>
          <Tabs.List>
            <Tabs.Tab value="all">All</Tabs.Tab>
            {POST_STATUSES.map((status) => (
              <Tabs.Tab key={status} value={status}>
                {TAB_LABELS[status]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <CursorList<PostItem, { status?: PostStatus; cursor?: string }>
          label="your posts"
          emptyText={
            tab === 'all' ? 'You have not written a post yet.' : `No ${TAB_LABELS[tab].toLowerCase()} posts.`
          }
          emptyAction={
            <Button component={Link} to="/write-a-post/new" variant="light">
              Write your first post
            </Button>
          }
          resetKey={tab}
          query={useMyPostsQuery}
          args={(cursor) => ({ status: tab === 'all' ? undefined : tab, cursor })}
          render={(post) => <MyPost key={post.post_id} post={post} onDelete={setDeleting} />}
        />
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this post?"
        message="The post, its comments and reactions will no longer be shown to anyone. This cannot be undone."
        confirmLabel="Delete post"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove(deleting.post_id).unwrap();
          notify.success('Post deleted.');
        }}
      />
    </Container>
  );
}
