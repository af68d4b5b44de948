import { Badge, Button, Card, Container, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type CsrProjectItem,
  type CsrStatus,
  OPPORTUNITY_CAUSES,
  VOLUNTEER_CAUSE_LABELS,
  type VolunteerCause,
} from '@nexus/contracts';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { activeRoleOf } from '../../navigation';
import { useCsrProjectsQuery } from '../api';
import { CsrProjectForm, InterestDialog, InterestsDialog } from '../components/CsrDialogs';

const LIMIT = 12;
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

/** /services/csr (spec section 2): CSR projects of every organisation; interest with a message; the publisher's interests. */
export default function CsrPage() {
  const [search, setSearch] = useState('');
  const [cause, setCause] = useState<VolunteerCause | null>(null);
  const [status, setStatus] = useState<CsrStatus | null>(null);
  const [page, setPage] = useState(1);
  const [interest, setInterest] = useState<CsrProjectItem | null>(null);
  const [interests, setInterests] = useState<CsrProjectItem | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [words] = useDebouncedValue(search.trim(), 300);
  const mayPublish = useAppSelector(
    (state) => state.auth.roleContext === 'tenant' && activeRoleOf(state)?.role_view === 'admin',
  );
  const query = useCsrProjectsQuery({
    page,
    limit: LIMIT,
    ...(words ? { search: words } : {}),
    ...(cause ? { cause } : {}),
    ...(status ? { status } : {}),
  });
  const items = query.data?.data ?? [];
  const filtered = Boolean(words || cause || status);
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>CSR projects</Title>
            <Text c="dimmed">
              Corporate social responsibility projects looking for partners, funders and people.
            </Text>
          </div>
          {mayPublish ? <Button onClick={() => setPublishing(true)}>Publish a project</Button> : null}
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchField
            label="Search projects"
            value={search}
            onChange={(value) => reset(() => setSearch(value))}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Cause"
            placeholder="Any cause"
            clearable
            data={OPPORTUNITY_CAUSES.map((value) => ({ value, label: VOLUNTEER_CAUSE_LABELS[value] }))}
            value={cause}
            onChange={(value) => reset(() => setCause(value as VolunteerCause | null))}
            w={200}
          />
          <Select
            label="Status"
            placeholder="Open and closed"
            clearable
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            value={status}
            onChange={(value) => reset(() => setStatus(value as CsrStatus | null))}
            w={170}
          />
        </Group>
        <QueryState
          label="CSR projects"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText={filtered ? 'No projects match your search' : 'No CSR projects yet'}
          onRetry={() => query.refetch()}
        >
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((item) => (
              <Card component="li" withBorder radius="md" padding="md" key={item.project_id}>
                <Stack gap={6} h="100%" justify="space-between">
                  <Stack gap={6}>
                    <Group gap="xs">
                      <Badge variant="light">{VOLUNTEER_CAUSE_LABELS[item.cause]}</Badge>
                      {item.status === 'closed' ? <Badge color="gray.7">Closed</Badge> : null}
                    </Group>
                    <Title order={2} size="h5">
                      {item.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {item.organisation} · {item.location}
                    </Text>
                    <Text size="sm">{item.description}</Text>
                    <Text size="sm" fw={600}>
                      Budget {money(item.budget_min, item.currency)} – {money(item.budget_max, item.currency)}
                    </Text>
                  </Stack>
                  {item.can_manage ? (
                    <Button variant="light" onClick={() => setInterests(item)}>
                      Interests ({item.interests})
                    </Button>
                  ) : item.interested ? (
                    <Text size="sm" c="green.9" fw={600}>
                      You expressed interest
                    </Text>
                  ) : item.status === 'open' ? (
                    <Button
                      variant="light"
                      onClick={() => setInterest(item)}
                      aria-label={`Express interest in ${item.title}`}
                    >
                      Express interest
                    </Button>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <ListPagination
            page={page}
            totalPages={query.data?.meta.totalPages ?? 1}
            onChange={setPage}
            summary={`${query.data?.meta.total ?? 0} projects`}
          />
        </QueryState>
      </Stack>
      {interest ? <InterestDialog project={interest} onClose={() => setInterest(null)} /> : null}
      {interests ? <InterestsDialog project={interests} onClose={() => setInterests(null)} /> : null}
      <Modal opened={publishing} onClose={() => setPublishing(false)} title="Publish a CSR project">
        <CsrProjectForm onDone={() => setPublishing(false)} />
      </Modal>
    </Container>
  );
}
