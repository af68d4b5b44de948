import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import {
  POST_REACTION_LABELS,
  POST_REACTIONS,
  POST_VISIBILITY_LABELS,
  type PostItem,
} from '@nexus/contracts';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { useReactToPostMutation } from '../api';

const STATUS_COLORS = { draft: 'gray.8', scheduled: 'grape.9', published: 'teal.9' } as const;

/** The reactions of a published post: one toggle per kind, with its count; pressing yours clears it. */
export function ReactionBar({ post }: { post: PostItem }) {
  const [react, reacting] = useReactToPostMutation();
  const choose = async (reaction: (typeof POST_REACTIONS)[number]) => {
    try {
      await react({ id: post.post_id, reaction: post.my_reaction === reaction ? null : reaction }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, 'Your reaction was not saved. Try again.'));
    }
  };
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Reactions">
      {POST_REACTIONS.map((reaction) => {
        const count = post.reactions[reaction] ?? 0;
        const mine = post.my_reaction === reaction;
        return (
          <Button
            key={reaction}
            size="xs"
            variant={mine ? 'filled' : 'default'}
            aria-pressed={mine}
            disabled={reacting.isLoading}
            onClick={() => choose(reaction)}
          >
            {POST_REACTION_LABELS[reaction]}
            {count > 0 ? ` · ${count}` : ''}
          </Button>
        );
      })}
    </Group>
  );
}

/** A post: author, when, who may read it, title, body (sanitised on the server), images, reactions. */
export function PostCard({ post, full = false }: { post: PostItem; full?: boolean }) {
  const when = post.published_at ?? post.publish_at ?? post.modified_at;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`post-${post.post_id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={post.author.profile_image} alt="" radius="xl">
              {post.author.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/profile/${post.author.user_id}`} fw={600} size="sm">
                {post.author.name}
              </Anchor>
              <Text size="xs" c="dimmed" title={new Date(when).toLocaleString()}>
                {post.status === 'scheduled'
                  ? `Scheduled for ${new Date(when).toLocaleString()}`
                  : relativeDateLabel(when)}
              </Text>
            </Stack>
          </Group>
          <Group gap={6}>
            {post.status !== 'published' ? (
              <Badge color={STATUS_COLORS[post.status]} variant="filled">
                {post.status === 'draft' ? 'Draft' : 'Scheduled'}
              </Badge>
            ) : null}
            <Badge variant="outline" color="gray.9">
              {POST_VISIBILITY_LABELS[post.visibility]}
            </Badge>
          </Group>
        </Group>
        <Title order={full ? 1 : 2} size="h4" id={`post-${post.post_id}-title`}>
          {full ? (
            (post.title ?? 'Post')
          ) : (
            <Anchor component={Link} to={`/show-post/${post.post_id}`} inherit>
              {post.title ?? `Post by ${post.author.name}`}
            </Anchor>
          )}
        </Title>
        {full ? (
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
            <div dangerouslySetInnerHTML={{ __html: post.body }} />
          </Typography>
        ) : (
          <Text size="sm" lineClamp={4}>
            {post.excerpt}
          </Text>
        )}
        {post.communities.length > 0 ? (
          <Group gap={6} wrap="wrap" aria-label="Shared to">
            <Text size="xs" c="dimmed">
              Shared to
            </Text>
            {post.communities.map((community) => (
              <Anchor
                key={community.community_id}
                component={Link}
                to={`/community/${community.community_id}/discussion-forum`}
                size="xs"
              >
                {community.name}
              </Anchor>
            ))}
          </Group>
        ) : null}
        {post.images.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: Math.min(post.images.length, 2) }}>
            {post.images.map((image) => (
              <Image key={image.file_id} src={image.url} alt="" radius="sm" mah={360} fit="cover" />
            ))}
          </SimpleGrid>
        ) : null}
        {post.status === 'published' ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <ReactionBar post={post} />
            {!full ? (
              <Anchor component={Link} to={`/show-post/${post.post_id}`} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconMessageCircle size={16} aria-hidden="true" />
                  {post.comment_count === 1 ? '1 comment' : `${post.comment_count} comments`}
                </Group>
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
