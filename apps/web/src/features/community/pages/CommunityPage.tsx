import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { type CommunityItem, fileContentPath } from '@nexus/contracts';
import { IconLock, IconPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useCommunitiesQuery, useJoinCommunityMutation } from '../api';
import { errorText } from '../components/CommunityPicker';

function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function CommunityCard({ community }: { community: CommunityItem }) {
  const [join, joining] = useJoinCommunityMutation();
  const member = community.my_status === 'active';
  const onJoin = async () => {
    try {
      const result = await join(community.community_id).unwrap();
      notify.success(result.data.message);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Card withBorder padding="md" radius="md">
      {community.cover_file_id ? (
        <Card.Section mb="sm">
          <Image src={fileContentPath(community.cover_file_id)} alt="" h={120} fit="cover" loading="lazy" />
        </Card.Section>
      ) : null}
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {member || community.visibility === 'public' ? (
              <Anchor component={Link} to={`/community/${community.community_id}/discussion-forum`}>
                {community.name}
              </Anchor>
            ) : (
              community.name
            )}
          </Title>
          {community.visibility === 'private' ? (
            <Badge variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden="true" />}>
              Private
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {community.description ?? 'A private community: join to see what it is about.'}
        </Text>
        <Group justify="space-between" mt="auto" wrap="wrap">
          <Text size="sm" c="dimmed">
            {community.member_count === null
              ? ''
              : `${community.member_count} member${community.member_count === 1 ? '' : 's'}`}
            {community.my_role ? ` · you are ${community.my_role}` : ''}
          </Text>
          {member ? null : community.my_status === 'pending' ? (
            <Badge color="yellow">Request sent</Badge>
          ) : community.my_status === 'banned' ? (
            <Badge color="red">Banned</Badge>
          ) : (
            <Button size="xs" onClick={onJoin} loading={joining.isLoading}>
              {community.visibility === 'private' ? 'Ask to join' : 'Join'}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function CommunityList({ view }: { view: 'discover' | 'mine' }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search);
  useEffect(() => setPage(1), []);
  const query = useCommunitiesQuery({ page, search: debounced || undefined, view });
  const rows = query.data?.data ?? [];
  return (
    <Stack>
      <SearchField label="Search communities" value={search} onChange={setSearch} maw={420} />
      <QueryState
        label="communities"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText={
          debounced
            ? 'No community matches your search.'
            : view === 'mine'
              ? 'You have not joined a community yet. Discover one, or create your own.'
              : 'There is no community yet. Create the first one.'
        }
        onRetry={query.refetch}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {rows.map((community) => (
            <CommunityCard key={community.community_id} community={community} />
          ))}
        </SimpleGrid>
        <ListPagination
          page={page}
          totalPages={query.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={countLabel(query.data?.meta.total ?? 0, 'community', 'communities')}
        />
      </QueryState>
    </Stack>
  );
}

/** /community: discover communities, my circles at a glance, and create one. */
export default function CommunityPage() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Community</Title>
            <Text c="dimmed">Find people who share your interests, and discuss in their forums.</Text>
          </div>
          <Group wrap="wrap">
            <Button
              component={Link}
              to="/community/my-community-circles"
              variant="default"
              leftSection={<IconUsers size={18} aria-hidden="true" />}
            >
              My circles
            </Button>
            <Button
              component={Link}
              to="/new-community/new"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              New community
            </Button>
          </Group>
        </Group>
        <Tabs defaultValue="discover" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="discover">Discover</Tabs.Tab>
            <Tabs.Tab value="mine">My communities</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="discover" pt="md">
            <CommunityList view="discover" />
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="md">
            <CommunityList view="mine" />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
