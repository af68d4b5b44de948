import {
  Button,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EventMode } from '@nexus/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { selectNavigationAccess } from '../../navigation';
import { canOrganise, holdsOrganiserPrivilege } from '../access';
import { useEventsQuery } from '../api';
import { EventCard } from '../components/EventCard';

export const EVENTS_PAGE_SIZE = 12;
type Tab = 'upcoming' | 'past' | 'organising';
type ModeFilter = 'all' | EventMode;

/** /event-block: discover events (upcoming or past, search, online or in person); organisers create. */
export default function EventsPage() {
  const auth = useAppSelector((state) => state.auth);
  const access = useAppSelector(selectNavigationAccess);
  // Holders of the organiser privilege get the button where admins do; the server decides anyway.
  const organiser =
    auth.isLoggedIn && (canOrganise(auth) || holdsOrganiserPrivilege(access.privileges, access.menus));
  const [tab, setTab] = useState<Tab>('upcoming');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [mode, setMode] = useState<ModeFilter>('all');
  const [page, setPage] = useState(1);
  const query = useEventsQuery({
    page,
    limit: EVENTS_PAGE_SIZE,
    when: tab === 'organising' ? 'all' : tab,
    view: tab === 'organising' ? 'manage' : 'discover',
    search: debounced || undefined,
    mode: mode === 'all' ? undefined : mode,
  });
  const items = query.data?.data ?? [];
  const meta = query.data?.meta;
  const filtered = Boolean(debounced) || mode !== 'all';
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Events</Title>
            <Text c="dimmed">Meet-ups, workshops and talks from the platform and your organisations.</Text>
          </div>
          {organiser ? (
            <Button
              component={Link}
              to="/event/manage/new"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              Create event
            </Button>
          ) : null}
        </Group>
        <Tabs value={tab} onChange={(value) => reset(setTab)((value as Tab) ?? 'upcoming')}>
          <Tabs.List>
            <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
            <Tabs.Tab value="past">Past</Tabs.Tab>
            {organiser ? <Tabs.Tab value="organising">I organise</Tabs.Tab> : null}
          </Tabs.List>
        </Tabs>
        <Group align="flex-end" wrap="wrap" gap="md">
          <SearchField
            label="Search events"
            value={search}
            onChange={reset(setSearch)}
            style={{ flex: '1 1 16rem' }}
          />
          <SegmentedControl
            aria-label="Where"
            value={mode}
            onChange={(value) => reset(setMode)(value as ModeFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'online', label: 'Online' },
              { value: 'in_person', label: 'In person' },
            ]}
          />
        </Group>
        <QueryState
          label="events"
          isLoading={query.isLoading || (query.isFetching && items.length === 0)}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText={
            filtered
              ? 'No events match your search'
              : tab === 'past'
                ? 'No past events yet'
                : tab === 'organising'
                  ? 'You organise no events yet'
                  : 'No upcoming events right now'
          }
          emptyAction={
            organiser && !filtered && tab !== 'past' ? (
              <Button component={Link} to="/event/manage/new" variant="light">
                Create event
              </Button>
            ) : filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  setSearch('');
                  setMode('all');
                  setPage(1);
                }}
              >
                Clear filters
              </Button>
            ) : null
          }
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((event) => (
              <EventCard key={event.event_id} event={event} manage={tab === 'organising'} />
            ))}
          </SimpleGrid>
          <ListPagination
            page={page}
            totalPages={meta?.totalPages ?? 1}
            onChange={setPage}
            summary={meta ? countLabel(meta.total, 'event', 'events', meta.totalExact) : undefined}
          />
        </QueryState>
      </Stack>
    </Container>
  );
}
