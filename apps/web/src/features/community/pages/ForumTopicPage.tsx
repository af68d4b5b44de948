import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { COMMUNITY_MESSAGES, FORUM_REALTIME, type ForumPostItem } from '@nexus/contracts';
import { IconLock, IconPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRoom } from '../../../app/realtime/use-room';
import { countLabel } from '../../../shared/ui/count-label';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { RichTextField } from '../../../shared/ui/RichTextField';
import {
  useCreateReplyMutation,
  useFollowTopicMutation,
  useRepliesInfiniteQuery,
  useTopicQuery,
  useUpdateTopicMutation,
} from '../api';
import { errorText } from '../components/CommunityPicker';
import { ForumPost } from '../components/ForumPost';

/** Orders posts as threads: each post followed by its replies, depth-first, oldest first. */
function threaded(posts: ForumPostItem[]): { post: ForumPostItem; depth: number }[] {
  const ids = new Set(posts.map((post) => post.post_id));
  const children = new Map<number | null, ForumPostItem[]>();
  for (const post of posts) {
    const parent = post.parent_post_id && ids.has(post.parent_post_id) ? post.parent_post_id : null;
    children.set(parent, [...(children.get(parent) ?? []), post]);
  }
  const out: { post: ForumPostItem; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const post of children.get(parent) ?? []) {
      out.push({ post, depth });
      walk(post.post_id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** /forum/{id}: a topic with its threaded replies, reactions, quote-reply, follow, pin/lock, accept, report. */
export default function ForumTopicPage() {
  const { id: param } = useParams();
  const topicId = Number(param);
  const valid = Number.isInteger(topicId) && topicId > 0;
  const topic = useTopicQuery(topicId, { skip: !valid });
  const replies = useRepliesInfiniteQuery(topicId, { skip: !valid || !topic.data });
  // Live: a reply, an edit, a reaction or a moderation by anyone refetches the pages for every reader.
  useRoom(FORUM_REALTIME.room, topic.data ? topicId : null);
  const [createReply, creating] = useCreateReplyMutation();
  const [follow] = useFollowTopicMutation();
  const [update] = useUpdateTopicMutation();
  const [body, setBody] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [target, setTarget] = useState<{ post: ForumPostItem; quote: boolean } | null>(null);
  // Keyboard and screen-reader users land on the first post "Load more replies" brought in, once shown.
  const [focusPost, setFocusPost] = useState<number | null>(null);
  const pages = replies.data?.pages;
  useEffect(() => {
    if (focusPost === null || !pages) return;
    const element = document.getElementById(`post-${focusPost}`);
    if (!element) return;
    element.focus();
    setFocusPost(null);
  }, [focusPost, pages]);
  if (!valid || topic.error) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" title={COMMUNITY_MESSAGES.topicNotFound}>
          It may have been removed, or it belongs to a private community.{' '}
          <Anchor component={Link} to="/community">
            Back to communities
          </Anchor>
        </Alert>
      </Container>
    );
  }
  const data = topic.data;
  const posts = pages?.flatMap((page) => page.data) ?? [];
  const total = replies.data?.pages.at(-1)?.meta.total ?? posts.length;
  const byId = new Map(posts.map((post) => [post.post_id, post]));
  const loadMore = async () => {
    try {
      const loaded = await replies.fetchNextPage().unwrap();
      setFocusPost(loaded.pages.at(-1)?.data[0]?.post_id ?? null);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setBodyError(COMMUNITY_MESSAGES.bodyEmpty);
      return;
    }
    setBodyError(null);
    try {
      await createReply({
        topic_id: topicId,
        body,
        parent_post_id: target?.post.post_id ?? null,
        quote_post_id: target?.quote ? target.post.post_id : null,
      }).unwrap();
      setBody('');
      setEditorKey((key) => key + 1);
      setTarget(null);
      notify.success('Reply posted.');
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Container size="md" py="lg">
      <QueryState
        label="the topic"
        isLoading={topic.isLoading}
        error={null}
        isEmpty={false}
        emptyText=""
        onRetry={topic.refetch}
      >
        {data ? (
          <Stack gap="md">
            <div>
              <Text size="sm">
                <Anchor component={Link} to={`/community/${data.community_id}/discussion-forum`}>
                  Back to the forum
                </Anchor>
              </Text>
              <Group gap="xs" wrap="wrap">
                {data.pinned ? <IconPin size={20} aria-label="Pinned" /> : null}
                {data.locked ? <IconLock size={20} aria-label="Locked" /> : null}
                <Title order={1}>{data.title}</Title>
              </Group>
            </div>
            <Group wrap="wrap" gap="xs">
              <Button
                size="xs"
                variant={data.following ? 'light' : 'default'}
                aria-pressed={data.following ?? false}
                onClick={() =>
                  act(
                    () => follow({ id: topicId, follow: !data.following }).unwrap(),
                    data.following ? 'You no longer follow this topic.' : 'You will be notified of replies.',
                  )
                }
              >
                {data.following ? 'Following' : 'Follow'}
              </Button>
              {data.can_moderate ? (
                <>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      act(
                        () => update({ id: topicId, changes: { pinned: !data.pinned } }).unwrap(),
                        data.pinned ? 'Unpinned.' : 'Pinned.',
                      )
                    }
                  >
                    {data.pinned ? 'Unpin' : 'Pin'}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      act(
                        () => update({ id: topicId, changes: { locked: !data.locked } }).unwrap(),
                        data.locked ? 'Unlocked.' : 'Locked.',
                      )
                    }
                  >
                    {data.locked ? 'Unlock' : 'Lock'}
                  </Button>
                </>
              ) : null}
            </Group>
            <QueryState
              label="the replies"
              isLoading={replies.isLoading}
              error={replies.error}
              isEmpty={posts.length === 0}
              emptyText="Nothing here yet."
              onRetry={replies.refetch}
            >
              <Stack gap="sm">
                {threaded(posts).map(({ post, depth }) => (
                  <ForumPost
                    key={post.post_id}
                    post={post}
                    topic={data}
                    byId={byId}
                    depth={depth}
                    onReply={(chosen, quote) => setTarget({ post: chosen, quote })}
                  />
                ))}
              </Stack>
              <Group justify="space-between" mt="sm" wrap="wrap">
                <Text size="sm" c="dimmed" aria-live="polite">
                  Showing {posts.length} of {countLabel(total, 'post', 'posts')}
                </Text>
                {replies.hasNextPage ? (
                  <Button
                    variant="light"
                    loading={replies.isFetchingNextPage}
                    onClick={() => void loadMore()}
                  >
                    Load more replies
                  </Button>
                ) : null}
              </Group>
            </QueryState>
            {data.locked ? (
              <Alert color="gray">{COMMUNITY_MESSAGES.locked}</Alert>
            ) : (
              <form onSubmit={send} noValidate>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    Your reply
                  </Title>
                  {target ? (
                    <Group gap="xs">
                      <Text size="sm">
                        {target.quote ? 'Quoting' : 'Replying to'} {target.post.author.display_name}
                      </Text>
                      <Button size="compact-xs" variant="subtle" onClick={() => setTarget(null)}>
                        Cancel
                      </Button>
                    </Group>
                  ) : null}
                  <RichTextField
                    key={editorKey}
                    label="Reply"
                    value={body}
                    onChange={setBody}
                    error={bodyError ?? undefined}
                  />
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      Mention someone with @username.
                    </Text>
                    <Button type="submit" loading={creating.isLoading}>
                      Post reply
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
