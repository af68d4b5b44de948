import { Alert, Anchor, Badge, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useMembersQuery } from '../api';
import { CommunityPicker, useChosenCommunity } from '../components/CommunityPicker';

/** The "choose a community first" state of pages that work on one of the caller's communities. */
export function NoCommunity({ moderated = false }: { moderated?: boolean }) {
  return (
    <Alert
      color="gray"
      title={moderated ? 'You moderate no community yet' : 'You have not joined a community yet'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {moderated ? 'Create a community: you will moderate it.' : 'Join one, or create your own.'}
        </Text>
        <Group>
          <Button size="xs" component={Link} to="/community">
            Discover communities
          </Button>
          <Button size="xs" variant="default" component={Link} to="/new-community/new">
            New community
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** /community/members: the members of the community chosen in the "community" client state (a picker). */
export default function CommunityMembersPage() {
  const { current, options, query } = useChosenCommunity();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(search);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const members = useMembersQuery(
    { community_id: current?.community_id ?? 0, page, search: debounced || undefined },
    { skip: !current },
  );
  const rows = members.data?.data ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>Members</Title>
        <QueryState
          label="your communities"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={options.length === 0}
          emptyText=""
          emptyAction={<NoCommunity />}
          onRetry={query.refetch}
        >
          <Group align="flex-end" wrap="wrap">
            <CommunityPicker options={options} current={current} />
            <SearchField label="Search members" value={search} onChange={setSearch} maw={320} />
          </Group>
          {current ? (
            <Text size="sm">
              <Anchor component={Link} to={`/community/${current.community_id}/discussion-forum`}>
                Open the forum of {current.name}
              </Anchor>
            </Text>
          ) : null}
          <QueryState
            label="members"
            isLoading={members.isLoading}
            error={members.error}
            isEmpty={rows.length === 0}
            emptyText={debounced ? 'No member matches your search.' : 'No members yet.'}
            onRetry={members.refetch}
          >
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Role</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.user_id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.display_name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          @{row.username}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={row.role === 'member' ? 'gray' : 'blue'}>
                          {row.role}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPagination
              page={page}
              totalPages={members.data?.meta.totalPages ?? 1}
              onChange={setPage}
              summary={countLabel(members.data?.meta.total ?? 0, 'member', 'members')}
            />
          </QueryState>
        </QueryState>
      </Stack>
    </Container>
  );
}
