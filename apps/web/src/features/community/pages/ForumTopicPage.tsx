import {
  Alert,
  Anchor,
  Badge,
  Blockquote,
  Button,
  Container,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Typography,
} from '@mantine/core';
import {
  COMMUNITY_MESSAGES,
  FORUM_REALTIME,
  type ForumPostItem,
  REACTION_EMOJIS,
  type TopicItem,
} from '@nexus/contracts';
import { IconCheck, IconDots, IconFlag, IconLock, IconPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRoom } from '../../../app/realtime/use-room';
import { useAppSelector } from '../../../app/store';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import { RichTextField } from '../../../shared/ui/RichTextField';
import {
  useCreateReplyMutation,
  useEditsQuery,
  useFollowTopicMutation,
  useModeratePostMutation,
  useRepliesQuery,
  useReportPostMutation,
  useToggleReactionMutation,
  useTopicQuery,
  useUpdateTopicMutation,
} from '../api';
import { errorText } from '../components/CommunityPicker';
import { EditReplyDialog } from '../components/EditReplyDialog';

/** The server sanitised every body (no script, handler or javascript: link) before storing it. */
function Body({ html }: { html: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function EditHistory({ postId }: { postId: number }) {
  const edits = useEditsQuery(postId);
  return (
    <QueryState
      label="the edit history"
      isLoading={edits.isLoading}
      error={edits.error}
      isEmpty={(edits.data ?? []).length === 0}
      emptyText="Never edited."
      onRetry={edits.refetch}
    >
      <Stack>
        {(edits.data ?? []).map((edit) => (
          <Paper key={edit.edit_id} withBorder p="sm">
            <Text size="xs" c="dimmed">
              Before the edit of <RelativeDate date={edit.edited_at} />
            </Text>
            {edit.previous_title ? <Text fw={600}>{edit.previous_title}</Text> : null}
            <Body html={edit.previous_body} />
          </Paper>
        ))}
      </Stack>
    </QueryState>
  );
}

interface PostProps {
  post: ForumPostItem;
  topic: TopicItem;
  byId: Map<number, ForumPostItem>;
  depth: number;
  onReply: (post: ForumPostItem, quote: boolean) => void;
}

function Post({ post, topic, byId, depth, onReply }: PostProps) {
  const me = useAppSelector((state) => state.auth.user?.user_id);
  const [react] = useToggleReactionMutation();
  const [moderate] = useModeratePostMutation();
  const [update] = useUpdateTopicMutation();
  const [report, reporting] = useReportPostMutation();
  const [reporting_, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [history, setHistory] = useState(false);
  const [editing, setEditing] = useState(false);
  const opening = post.post_id === topic.opening_post_id;
  const quoted = post.quote_post_id ? byId.get(post.quote_post_id) : undefined;
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) notify.success(done);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  const hidden = post.status !== 'visible';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      ml={{ base: Math.min(depth, 2) * 12, sm: Math.min(depth, 4) * 28 }}
      id={`post-${post.post_id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            <Text span fw={600}>
              {post.author.display_name}
            </Text>{' '}
            <Text span c="dimmed">
              @{post.author.username} · <RelativeDate date={post.created_at} />
              {post.edited_at ? ' · edited' : ''}
            </Text>
          </Text>
          <Group gap={4} wrap="nowrap">
            {topic.accepted_post_id === post.post_id ? (
              <Badge color="green" leftSection={<IconCheck size={12} aria-hidden="true" />}>
                Accepted answer
              </Badge>
            ) : null}
            {post.status === 'hidden' ? <Badge color="orange">Hidden after reports</Badge> : null}
            {post.status === 'removed' ? <Badge color="red">Removed</Badge> : null}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  aria-label={`Actions for the post of ${post.author.display_name}`}
                >
                  <IconDots size={16} aria-hidden="true" />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconFlag size={14} aria-hidden="true" />}
                  onClick={() => setReporting(true)}
                >
                  Report
                </Menu.Item>
                {!opening && post.author.user_id === me && post.status === 'visible' ? (
                  <Menu.Item onClick={() => setEditing(true)}>Edit</Menu.Item>
                ) : null}
                {!opening && (topic.can_moderate || topic.author.user_id === me) ? (
                  <Menu.Item
                    onClick={() =>
                      run(() =>
                        update({
                          id: topic.topic_id,
                          changes: {
                            accepted_post_id: topic.accepted_post_id === post.post_id ? null : post.post_id,
                          },
                        }).unwrap(),
                      )
                    }
                  >
                    {topic.accepted_post_id === post.post_id ? 'Unmark the answer' : 'Mark as the answer'}
                  </Menu.Item>
                ) : null}
                {topic.can_moderate ? (
                  <>
                    <Menu.Item onClick={() => setHistory(true)}>Edit history</Menu.Item>
                    {post.status === 'visible' ? (
                      <Menu.Item color="red" onClick={() => setRemoving(true)}>
                        Remove
                      </Menu.Item>
                    ) : (
                      <Menu.Item
                        onClick={() =>
                          run(
                            () => moderate({ id: post.post_id, action: 'restore' }).unwrap(),
                            'Post restored.',
                          )
                        }
                      >
                        Restore
                      </Menu.Item>
                    )}
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {quoted ? (
          <Blockquote p="xs" cite={`— ${quoted.author.display_name}`}>
            {plain(quoted.body).slice(0, 280) || 'A hidden post'}
          </Blockquote>
        ) : null}
        {hidden && !post.body ? (
          <Text c="dimmed" fs="italic">
            This post is hidden until a moderator decides.
          </Text>
        ) : (
          <Body html={post.body} />
        )}
        {topic.can_moderate && (post.report_count ?? 0) > 0 ? (
          <Text size="xs" c="orange">
            {post.report_count} open report(s)
          </Text>
        ) : null}
        <Group gap={4} wrap="wrap">
          {REACTION_EMOJIS.map((emoji) => {
            const current = post.reactions.find((reaction) => reaction.emoji === emoji);
            if (!current && hidden) return null;
            return (
              <Button
                key={emoji}
                size="compact-xs"
                variant={current?.mine ? 'light' : 'subtle'}
                aria-pressed={current?.mine ?? false}
                aria-label={`React ${emoji}${current ? `, ${current.count}` : ''}`}
                onClick={() => run(() => react({ post_id: post.post_id, emoji }).unwrap())}
                disabled={hidden}
              >
                {emoji} {current ? current.count : ''}
              </Button>
            );
          })}
          {!topic.locked && !hidden ? (
            <>
              <Button size="compact-xs" variant="subtle" onClick={() => onReply(post, false)}>
                Reply
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => onReply(post, true)}>
                Quote
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
      <Modal opened={reporting_} onClose={() => setReporting(false)} title="Report this post">
        <Stack>
          <Textarea
            label="Why?"
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReporting(false)}>
              Cancel
            </Button>
            <Button
              color="orange"
              loading={reporting.isLoading}
              onClick={async () => {
                if (!reason.trim()) {
                  setReasonError(COMMUNITY_MESSAGES.reasonEmpty);
                  return;
                }
                await run(
                  () => report({ post_id: post.post_id, reason }).unwrap(),
                  'Thank you: the moderators will look at it.',
                );
                setReporting(false);
                setReason('');
              }}
            >
              Send report
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={removing}
        title="Remove this post?"
        message="Readers will no longer see it. You can restore it from the moderation queue."
        confirmLabel="Remove"
        onCancel={() => setRemoving(false)}
        onConfirm={() => moderate({ id: post.post_id, action: 'remove' }).unwrap()}
      />
      {editing ? <EditReplyDialog post={post} onClose={() => setEditing(false)} /> : null}
      <Modal opened={history} onClose={() => setHistory(false)} title="Edit history">
        {history ? <EditHistory postId={post.post_id} /> : null}
      </Modal>
    </Paper>
  );
}

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
  const [page, setPage] = useState(1);
  const replies = useRepliesQuery({ topic_id: topicId, page }, { skip: !valid || !topic.data });
  // Live: a reply, an edit, a reaction or a moderation by anyone refetches the page for every reader.
  useRoom(FORUM_REALTIME.room, topic.data ? topicId : null);
  const [createReply, creating] = useCreateReplyMutation();
  const [follow] = useFollowTopicMutation();
  const [update] = useUpdateTopicMutation();
  const [body, setBody] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [target, setTarget] = useState<{ post: ForumPostItem; quote: boolean } | null>(null);
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
  const posts = replies.data?.data ?? [];
  const byId = new Map(posts.map((post) => [post.post_id, post]));
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
                  <Post
                    key={post.post_id}
                    post={post}
                    topic={data}
                    byId={byId}
                    depth={depth}
                    onReply={(chosen, quote) => setTarget({ post: chosen, quote })}
                  />
                ))}
              </Stack>
              <ListPagination
                page={page}
                totalPages={replies.data?.meta.totalPages ?? 1}
                onChange={setPage}
                summary={countLabel(replies.data?.meta.total ?? 0, 'post', 'posts')}
              />
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
