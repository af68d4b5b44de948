import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type CommentItem, NETWORK_LIMITS } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { useCommentsQuery, useCreateCommentMutation, useDeleteCommentMutation, usePostQuery } from '../api';
import { CursorList } from '../components/CursorList';
import { PostCard } from '../components/PostCard';
import { SharePanel } from '../components/SharePanel';

function CommentForm({ postId }: { postId: number }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateCommentMutation();
  const submit = async () => {
    if (!body.trim()) {
      setError('Write a comment first.');
      return;
    }
    try {
      await create({ post_id: postId, body }).unwrap();
      setBody('');
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure, 'Your comment was not posted. Try again.'));
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label="Add a comment"
        autosize
        minRows={2}
        maxLength={NETWORK_LIMITS.commentMax}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button loading={creating.isLoading} onClick={submit}>
          Comment
        </Button>
      </Group>
    </Stack>
  );
}

function CommentRow({
  comment,
  onDelete,
}: {
  comment: CommentItem;
  onDelete: (comment: CommentItem) => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Anchor component={Link} to={`/profile/${comment.author.user_id}`} fw={600} size="sm">
            {comment.author.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {relativeDateLabel(comment.created_at)}
          </Text>
        </Group>
        {comment.deletable ? (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(comment)}>
            Delete
          </Button>
        ) : null}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {comment.body}
      </Text>
    </Paper>
  );
}

/** /show-post/{postId}: the post in full, its reactions and its comments. */
export default function ShowPostPage() {
  const { postId } = useParams();
  const id = Number(postId);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePostQuery(id, { skip: !valid });
  const [deleting, setDeleting] = useState<CommentItem | null>(null);
  const [remove] = useDeleteCommentMutation();
  const post = query.data;

  if (!valid || query.error) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" title="Post not found" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">This post does not exist, or you may not read it.</Text>
            <Button component={Link} to="/post-details" size="xs" variant="light">
              Go to the feed
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        {!post ? (
          <Skeleton height={240} aria-label="Loading the post" />
        ) : (
          <>
            <PostCard post={post} full />
            {post.mine ? (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={
                    post.status === 'published'
                      ? `/edit-post/${post.post_id}`
                      : `/write-a-post/${post.post_id}`
                  }
                >
                  Edit
                </Button>
              </Group>
            ) : null}
            {post.mine ? <SharePanel post={post} /> : null}
            {post.status === 'published' ? (
              <Stack gap="sm">
                <Title order={2} size="h3">
                  Comments
                </Title>
                <CommentForm postId={post.post_id} />
                <CursorList<CommentItem, { postId: number; cursor?: string }>
                  label="comments"
                  emptyText="No comments yet. Be the first."
                  resetKey={String(post.post_id)}
                  query={useCommentsQuery}
                  args={(cursor) => ({ postId: post.post_id, cursor })}
                  render={(comment) => (
                    <CommentRow key={comment.comment_id} comment={comment} onDelete={setDeleting} />
                  )}
                />
              </Stack>
            ) : (
              <Text c="dimmed">Comments and reactions open once the post is published.</Text>
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this comment?"
        message="The comment will no longer be shown. This cannot be undone."
        confirmLabel="Delete comment"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove(deleting.comment_id).unwrap();
          notify.success('Comment deleted.');
        }}
      />
    </Container>
  );
}
