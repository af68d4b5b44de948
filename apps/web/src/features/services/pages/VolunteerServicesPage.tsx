import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { OPPORTUNITY_CAUSES, VOLUNTEER_CAUSE_LABELS, type VolunteerCause } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { activeRoleOf } from '../../navigation';
import { useOpportunitiesQuery } from '../api';
import { shiftLabel } from '../components/labels';
import { OpportunityDialog } from '../components/OpportunityDialog';
import { OpportunityForm } from '../components/OpportunityForm';

const LIMIT = 12;

/**
 * /services/volunteer-services (spec section 2): volunteering opportunities of every organisation,
 * searchable by word, cause and day; signing up for a shift; organisers publish here.
 */
export default function VolunteerServicesPage() {
  const [search, setSearch] = useState('');
  const [cause, setCause] = useState<VolunteerCause | null>(null);
  const [from, setFrom] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [words] = useDebouncedValue(search.trim(), 300);
  // Organisers are administrators (or privilege holders) inside their organisation: the server decides.
  const mayPublish = useAppSelector(
    (state) => state.auth.roleContext === 'tenant' && activeRoleOf(state)?.role_view === 'admin',
  );
  const query = useOpportunitiesQuery({
    page,
    limit: LIMIT,
    ...(words ? { search: words } : {}),
    ...(cause ? { cause } : {}),
    ...(from ? { from } : {}),
  });
  const items = query.data?.data ?? [];
  const filtered = Boolean(words || cause || from);
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Volunteer opportunities</Title>
            <Text c="dimmed">Give your time to organisations near you and online, one shift at a time.</Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to="/services/volunteering-services" variant="light">
              My shifts and hours
            </Button>
            {mayPublish ? <Button onClick={() => setPublishing(true)}>Publish an opportunity</Button> : null}
          </Group>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchField
            label="Search opportunities"
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
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => reset(() => setFrom(event.currentTarget.value))}
            w={170}
          />
          {filtered ? (
            <Button
              variant="subtle"
              onClick={() =>
                reset(() => {
                  setSearch('');
                  setCause(null);
                  setFrom('');
                })
              }
            >
              Clear filters
            </Button>
          ) : null}
        </Group>
        <QueryState
          label="volunteering opportunities"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText={filtered ? 'No opportunities match your search' : 'No volunteering opportunities yet'}
          onRetry={() => query.refetch()}
        >
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((item) => (
              <Card component="li" withBorder radius="md" padding="md" key={item.opportunity_id}>
                <Stack gap={6} h="100%" justify="space-between">
                  <Stack gap={6}>
                    <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
                      {VOLUNTEER_CAUSE_LABELS[item.cause]}
                    </Badge>
                    <Title order={2} size="h5">
                      {item.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {item.organisation} · {item.location}
                    </Text>
                    <Text size="sm">{item.summary}</Text>
                  </Stack>
                  <Stack gap={6}>
                    <Text size="xs" c="dimmed">
                      {item.next_shift_at
                        ? `Next shift ${shiftLabel(item.next_shift_at, item.next_shift_at).split('–')[0]} · ${item.open_places} places left`
                        : 'No upcoming shifts'}
                    </Text>
                    <Button
                      variant="light"
                      onClick={() => setOpen(item.opportunity_id)}
                      aria-label={`See shifts of ${item.title}`}
                    >
                      See shifts
                    </Button>
                  </Stack>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <ListPagination
            page={page}
            totalPages={query.data?.meta.totalPages ?? 1}
            onChange={setPage}
            summary={`${query.data?.meta.total ?? 0} opportunities`}
          />
        </QueryState>
      </Stack>
      {open !== null ? <OpportunityDialog opportunityId={open} onClose={() => setOpen(null)} /> : null}
      <Modal opened={publishing} onClose={() => setPublishing(false)} title="Publish an opportunity">
        <OpportunityForm onDone={() => setPublishing(false)} />
      </Modal>
    </Container>
  );
}
