import { Anchor, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCompetitionsQuery } from '../api';
import { CreateCompetitionForm } from '../components/CreateCompetitionForm';
import { CompetitionBadges, managePath, when } from '../components/shared';

/** /manage-competitions: the competitions the caller organises (and judges), and creating one. */
export default function ManageCompetitionsPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useCompetitionsQuery({ page, limit: 20, view: 'manage' });
  const judging = useCompetitionsQuery({ page: 1, limit: 50, view: 'mine' });
  const rows = list.data?.data ?? [];
  const judged = (judging.data?.data ?? []).filter((c) => c.is_judge && !c.can_manage);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={1}>Manage competitions</Title>
            <Text c="dimmed">Competitions you organise in your current context.</Text>
          </div>
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
            New competition
          </Button>
        </Group>
        <QueryState
          label="your competitions"
          isLoading={list.isLoading}
          error={list.error}
          isEmpty={rows.length === 0}
          emptyText="You organise no competition here yet."
          onRetry={() => void list.refetch()}
        >
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Competition</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Deadline</Table.Th>
                  <Table.Th>Entries</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.competition_id}>
                    <Table.Td>
                      <Anchor component={Link} to={managePath(c.competition_id)}>
                        {c.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <CompetitionBadges competition={c} />
                    </Table.Td>
                    <Table.Td>{when(c.ends_at)}</Table.Td>
                    <Table.Td>{c.entries}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
        <ListPagination page={page} totalPages={list.data?.meta.totalPages ?? 1} onChange={setPage} />
        {judged.length ? (
          <Stack gap="xs">
            <Title order={2} size="h3">
              Competitions you judge
            </Title>
            {judged.map((c) => (
              <Anchor key={c.competition_id} component={Link} to={managePath(c.competition_id)}>
                {c.title}
              </Anchor>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New competition">
        {creating ? <CreateCompetitionForm onDone={() => setCreating(false)} /> : null}
      </Modal>
    </Container>
  );
}
