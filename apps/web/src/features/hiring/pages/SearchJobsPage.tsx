import { Button, Container, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { POSTING_TYPE_LABELS, POSTING_TYPES, type PostingType } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useKnownSession } from '../../../shared/session/use-known-session';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useOrganisationsQuery, usePostingsQuery } from '../api';
import { PostingCard } from '../components/PostingCard';

export const JOBS_PAGE_SIZE = 12;
type RemoteFilter = 'any' | 'remote' | 'on_site';

/** /search-jobs (public, signed out too): open jobs and internships with search, filters and pages. */
export default function SearchJobsPage() {
  const signedIn = useKnownSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [location, setLocation] = useState('');
  const [debouncedLocation] = useDebouncedValue(location.trim(), 300);
  const [type, setType] = useState<PostingType | null>(null);
  const [remote, setRemote] = useState<RemoteFilter>('any');
  const [organisation, setOrganisation] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const organisations = useOrganisationsQuery();
  const query = usePostingsQuery({
    page,
    limit: JOBS_PAGE_SIZE,
    search: debounced || undefined,
    job_type: type ?? undefined,
    remote: remote === 'any' ? undefined : remote === 'remote',
    location: debouncedLocation || undefined,
    tenant_id: organisation ? Number(organisation) : undefined,
  });
  const items = query.data?.data ?? [];
  const meta = query.data?.meta;
  const filtered = Boolean(debounced || debouncedLocation || type || organisation) || remote !== 'any';
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const clear = () => {
    setSearch('');
    setLocation('');
    setType(null);
    setRemote('any');
    setOrganisation(null);
    setPage(1);
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Jobs and internships</Title>
            <Text c="dimmed">
              Open roles from organisations on Nexus. Apply with your CV in a few minutes.
            </Text>
          </div>
          {signedIn ? (
            <Group gap="sm">
              <Button component={Link} to="/job-internship-hub" variant="light">
                Matched to my profile
              </Button>
              <Button component={Link} to="/career" variant="default">
                My applications
              </Button>
            </Group>
          ) : (
            <Button component={Link} to="/login">
              Sign in to apply
            </Button>
          )}
        </Group>
        <Group align="flex-end" wrap="wrap" gap="md">
          <SearchField
            label="Search jobs"
            value={search}
            onChange={reset(setSearch)}
            style={{ flex: '2 1 16rem' }}
          />
          <TextInput
            label="Location"
            placeholder="City or country code"
            value={location}
            onChange={(event) => reset(setLocation)(event.currentTarget.value)}
            style={{ flex: '1 1 10rem' }}
          />
          <Select
            label="Type"
            placeholder="Any type"
            clearable
            data={POSTING_TYPES.map((value) => ({ value, label: POSTING_TYPE_LABELS[value] }))}
            value={type}
            onChange={(value) => reset(setType)(value as PostingType | null)}
            style={{ flex: '1 1 9rem' }}
          />
          <Select
            label="Workplace"
            data={[
              { value: 'any', label: 'Remote or on-site' },
              { value: 'remote', label: 'Remote' },
              { value: 'on_site', label: 'On-site' },
            ]}
            value={remote}
            allowDeselect={false}
            onChange={(value) => reset(setRemote)((value as RemoteFilter) ?? 'any')}
            style={{ flex: '1 1 10rem' }}
          />
          <Select
            label="Organisation"
            placeholder="Any organisation"
            clearable
            searchable
            data={(organisations.data ?? []).map((org) => ({
              value: String(org.tenant_id),
              label: `${org.name} (${org.open})`,
            }))}
            value={organisation}
            onChange={reset(setOrganisation)}
            style={{ flex: '1 1 12rem' }}
          />
        </Group>
        <QueryState
          label="jobs"
          isLoading={query.isLoading || (query.isFetching && items.length === 0)}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText={filtered ? 'No jobs match your search' : 'No open jobs or internships right now'}
          emptyAction={
            filtered ? (
              <Button variant="light" onClick={clear}>
                Clear filters
              </Button>
            ) : null
          }
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((posting) => (
              <PostingCard key={posting.posting_id} posting={posting} />
            ))}
          </SimpleGrid>
          <ListPagination
            page={page}
            totalPages={meta?.totalPages ?? 1}
            onChange={setPage}
            summary={meta ? countLabel(meta.total, 'job', 'jobs', meta.totalExact) : undefined}
          />
        </QueryState>
      </Stack>
    </Container>
  );
}
