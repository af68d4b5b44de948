import {
  Badge,
  Blockquote,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Textarea,
  Typography,
} from '@mantine/core';
import { COMMUNITY_MESSAGES, type ForumPostItem, REACTION_EMOJIS, type TopicItem } from '@nexus/contracts';
import { IconCheck, IconDots, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import {
  useEditsQuery,
  useModeratePostMutation,
  useReportPostMutation,
  useToggleReactionMutation,
  useUpdateTopicMutation,
} from '../api';
import { errorText } from './CommunityPicker';
import { EditReplyDialog } from './EditReplyDialog';

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

export interface PostProps {
  post: ForumPostItem;
  topic: TopicItem;
  byId: Map<number, ForumPostItem>;
  depth: number;
  onReply: (post: ForumPostItem, quote: boolean) => void;
}

/** One post of a topic: its text, reactions, reply and quote, and its menu (report, edit, accept, moderate). */
export function ForumPost({ post, topic, byId, depth, onReply }: PostProps) {
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
      tabIndex={-1}
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
