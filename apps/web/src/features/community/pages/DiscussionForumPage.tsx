import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES } from '@nexus/contracts';
import { IconLock, IconPin, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { SearchField } from '../../../shared/ui/SearchField';
import { useCommunityQuery, useCreateTopicMutation, useJoinCommunityMutation, useTopicsQuery } from '../api';
import { communityCommonSet } from '../community-slice';
import { commonOf, errorText } from '../components/CommunityPicker';
import { SharedPosts } from '../components/SharedPosts';

export function TopicComposer({
  communityId,
  forumId,
  onDone,
}: {
  communityId: number;
  forumId?: number;
  onDone: (id: number) => void;
}) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const [create, state] = useCreateTopicMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      title: title.trim() ? undefined : COMMUNITY_MESSAGES.titleEmpty,
      body: body.trim() ? undefined : COMMUNITY_MESSAGES.bodyEmpty,
    };
    setErrors(found);
    if (found.title || found.body) return;
    try {
      const created = await create({
        ...(forumId ? { forum_id: forumId } : { community_id: communityId }),
        title,
        body,
      }).unwrap();
      notify.success('Topic posted.');
      onDone(created.data.topic_id);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Title"
          required
          maxLength={COMMUNITY_LIMITS.titleMax}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
        />
        <RichTextField
          label="What do you want to discuss?"
          value={body}
          onChange={setBody}
          error={errors.body}
        />
        <Text size="xs" c="dimmed">
          Mention someone with @username: they are notified.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={state.isLoading}>
            Post topic
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /community/{communityId}/discussion-forum: the community's topics, pinned first, and a new topic. */
export default function DiscussionForumPage() {
  const { communityId: param } = useParams();
  const communityId = Number(param);
  // ?forum={id}: a group's forum inside the community (from the group's card).
  const [params] = useSearchParams();
  const forumId = Number(params.get('forum')) || undefined;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const community = useCommunityQuery(communityId, { skip: !Number.isInteger(communityId) });
  const readable = community.data?.activity_forum_id != null;
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const [join, joining] = useJoinCommunityMutation();
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(search);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (community.data && community.data.my_status === 'active')
      dispatch(communityCommonSet(commonOf(community.data)));
  }, [community.data, dispatch]);
  const topics = useTopicsQuery(
    { community_id: communityId, forum_id: forumId, page, search: debounced || undefined },
    { skip: !readable },
  );
  if (community.error || !Number.isInteger(communityId)) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" title={COMMUNITY_MESSAGES.notFound}>
          {community.error ? errorText(community.error) : 'This address names no community.'}{' '}
          <Anchor component={Link} to="/community">
            Back to communities
          </Anchor>
        </Alert>
      </Container>
    );
  }
  const member = community.data?.my_status === 'active';
  const rows = topics.data?.data ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text size="sm">
              <Anchor component={Link} to="/community">
                Communities
              </Anchor>
            </Text>
            <Title order={1}>{community.data?.name ?? 'Discussion forum'}</Title>
            {forumId ? (
              <Text fw={500}>
                Group forum ·{' '}
                <Anchor component={Link} to={`/community/${communityId}/discussion-forum`}>
                  community forum
                </Anchor>
              </Text>
            ) : null}
            {community.data?.description ? <Text c="dimmed">{community.data.description}</Text> : null}
          </div>
          <Group wrap="wrap">
            {member ? (
              <Button
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                onClick={() => setComposing(true)}
              >
                New topic
              </Button>
            ) : community.data &&
              community.data.my_status !== 'banned' &&
              community.data.my_status !== 'pending' ? (
              <Button
                loading={joining.isLoading}
                onClick={async () => {
                  try {
                    notify.success((await join(communityId).unwrap()).data.message);
                  } catch (error) {
                    notify.error(errorText(error));
                  }
                }}
              >
                {community.data.visibility === 'private' ? 'Ask to join' : 'Join to post'}
              </Button>
            ) : community.data?.my_status === 'pending' ? (
              <Badge color="yellow">Request sent</Badge>
            ) : null}
            {community.data?.my_role === 'owner' || community.data?.my_role === 'moderator' ? (
              <Button variant="default" component={Link} to="/community/manage">
                Manage
              </Button>
            ) : null}
          </Group>
        </Group>
        {community.data && !readable ? (
          <Alert color="gray" title="A private community">
            Ask to join: its moderators decide. Until then its topics and members stay private.
          </Alert>
        ) : (
          <Stack>
            <SearchField label="Search topics and replies" value={search} onChange={setSearch} maw={420} />
            <QueryState
              label="topics"
              isLoading={community.isLoading || topics.isLoading}
              error={topics.error}
              isEmpty={rows.length === 0}
              emptyText={
                debounced ? 'No topic matches your search.' : 'No topic yet. Start the first discussion.'
              }
              onRetry={topics.refetch}
            >
              <Stack gap="xs">
                {rows.map((topic) => (
                  <Paper key={topic.topic_id} withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Group gap="xs" wrap="nowrap">
                        {topic.pinned ? <IconPin size={16} aria-label="Pinned" /> : null}
                        {topic.locked ? <IconLock size={16} aria-label="Locked" /> : null}
                        <Anchor component={Link} to={`/forum/${topic.topic_id}`} fw={600}>
                          {topic.title}
                        </Anchor>
                        {topic.accepted_post_id ? (
                          <Badge size="xs" color="green">
                            Answered
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {topic.author.display_name} · {topic.reply_count} repl
                        {topic.reply_count === 1 ? 'y' : 'ies'} ·{' '}
                        <RelativeDate date={topic.last_activity_at} />
                      </Text>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <ListPagination
                page={page}
                totalPages={topics.data?.meta.totalPages ?? 1}
                onChange={setPage}
                summary={countLabel(topics.data?.meta.total ?? 0, 'topic', 'topics')}
              />
            </QueryState>
            {forumId || !community.data ? null : (
              <SharedPosts communityId={communityId} canModerate={community.data.can_moderate === true} />
            )}
          </Stack>
        )}
      </Stack>
      <Modal opened={composing} onClose={() => setComposing(false)} title="New topic">
        {composing ? (
          <TopicComposer
            communityId={communityId}
            forumId={forumId}
            onDone={(id) => navigate(`/forum/${id}`)}
          />
        ) : null}
      </Modal>
    </Container>
  );
}
