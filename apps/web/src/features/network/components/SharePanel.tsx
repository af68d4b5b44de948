import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PostItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { useMyCommunitiesQuery, useSharePostMutation, useUnsharePostMutation } from '../api';

/** The author's panel on a post: the communities it is shared to (take back) and sharing to more. */
export function SharePanel({ post }: { post: PostItem }) {
  const communities = useMyCommunitiesQuery();
  const [share, sharing] = useSharePostMutation();
  const [unshare, unsharing] = useUnsharePostMutation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const shared = new Set(post.communities.map((community) => community.community_id));
  const options = (communities.data ?? [])
    .filter((community) => !shared.has(community.community_id))
    .map((community) => ({ value: String(community.community_id), label: community.name }));

  const submit = async () => {
    if (chosen.length === 0) {
      setError('Choose at least one community.');
      return;
    }
    try {
      await share({ id: post.post_id, communityIds: chosen.map(Number) }).unwrap();
      setChosen([]);
      setError(null);
      notify.success('Post shared.');
    } catch (failure) {
      setError(errorMessage(failure, 'The post was not shared. Try again.'));
    }
  };
  const takeBack = async (communityId: number, name: string) => {
    try {
      await unshare({ id: post.post_id, communityId }).unwrap();
      notify.success(`Taken back from ${name}.`);
    } catch (failure) {
      notify.error(errorMessage(failure, 'The post was not taken back. Try again.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="share-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="share-title">
          Share to a community
        </Title>
        {post.communities.length > 0 ? (
          <Group gap="xs" wrap="wrap">
            {post.communities.map((community) => (
              <Group key={community.community_id} gap={2} wrap="nowrap">
                <Text size="sm">{community.name}</Text>
                <CloseButton
                  size="sm"
                  aria-label={`Take back from ${community.name}`}
                  disabled={unsharing.isLoading}
                  onClick={() => takeBack(community.community_id, community.name)}
                />
              </Group>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Not shared to any community yet.
          </Text>
        )}
        {communities.error ? (
          <Alert color="red" role="alert">
            Your communities could not be loaded.{' '}
            <Anchor component="button" onClick={() => communities.refetch()}>
              Try again
            </Anchor>
          </Alert>
        ) : !communities.isLoading && (communities.data ?? []).length === 0 ? (
          <Text size="sm">
            Join a community to share your posts there:{' '}
            <Anchor component={Link} to="/community">
              discover communities
            </Anchor>
            .
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <MultiSelect
              label="Communities"
              placeholder={communities.isLoading ? 'Loading your communities…' : 'Choose communities'}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              disabled={communities.isLoading}
              error={error}
              style={{ flex: '1 1 220px' }}
            />
            <Button loading={sharing.isLoading} onClick={submit}>
              Share
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
