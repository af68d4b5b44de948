import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCommunitiesQuery, useGroupsQuery } from '../api';
import { CommunityCard } from './CommunityPage';
import { GroupCard } from './GroupsPage';

/** /community/my-community-circles: the communities and groups the caller belongs to. */
export default function MyCirclesPage() {
  const [communityPage, setCommunityPage] = useState(1);
  const [groupPage, setGroupPage] = useState(1);
  const communities = useCommunitiesQuery({ page: communityPage, view: 'mine' });
  const groups = useGroupsQuery({ page: groupPage, mine: true });
  const communityRows = communities.data?.data ?? [];
  const groupRows = groups.data?.data ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <div>
          <Title order={1}>My community circles</Title>
          <Text c="dimmed">The communities and groups you belong to.</Text>
        </div>
        <Stack>
          <Title order={2} size="h3">
            Communities
          </Title>
          <QueryState
            label="your communities"
            isLoading={communities.isLoading}
            error={communities.error}
            isEmpty={communityRows.length === 0}
            emptyText="You have not joined a community yet."
            emptyAction={
              <Group>
                <Button size="xs" component={Link} to="/community">
                  Discover communities
                </Button>
                <Button size="xs" variant="default" component={Link} to="/new-community/new">
                  New community
                </Button>
              </Group>
            }
            onRetry={communities.refetch}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {communityRows.map((community) => (
                <CommunityCard key={community.community_id} community={community} />
              ))}
            </SimpleGrid>
            <ListPagination
              page={communityPage}
              totalPages={communities.data?.meta.totalPages ?? 1}
              onChange={setCommunityPage}
            />
          </QueryState>
        </Stack>
        <Stack>
          <Title order={2} size="h3">
            Groups
          </Title>
          <QueryState
            label="your groups"
            isLoading={groups.isLoading}
            error={groups.error}
            isEmpty={groupRows.length === 0}
            emptyText="You are in no group yet."
            emptyAction={
              <Button size="xs" component={Link} to="/community/groups">
                Browse groups
              </Button>
            }
            onRetry={groups.refetch}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {groupRows.map((group) => (
                <GroupCard key={group.group_id} group={group} />
              ))}
            </SimpleGrid>
            <ListPagination
              page={groupPage}
              totalPages={groups.data?.meta.totalPages ?? 1}
              onChange={setGroupPage}
            />
          </QueryState>
        </Stack>
      </Stack>
    </Container>
  );
}
