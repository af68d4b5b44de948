import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProfileCard as Card_ } from '@nexus/contracts';
import { IconAlertCircle, IconMapPin, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { SearchField } from '../../../shared/ui/SearchField';
import { useSearchProfilesQuery } from '../api';
import { displayName } from '../section-paths';

export const DIRECTORY_PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;

/** System roles a member may hold (seed data, fixed ids); the temporary role is never listed. */
export const ROLE_FILTERS = [
  { value: '3', label: 'Investor' },
  { value: '4', label: 'Entrepreneur' },
  { value: '5', label: 'Startup' },
  { value: '6', label: 'Incubator' },
  { value: '7', label: 'Accelerator' },
  { value: '8', label: 'Startup Hub' },
  { value: '9', label: 'Government Body' },
  { value: '10', label: 'Industry Body' },
  { value: '11', label: 'Diaspora' },
  { value: '12', label: 'Volunteer' },
  { value: '13', label: 'Individual' },
  { value: '14', label: 'Teacher' },
  { value: '15', label: 'Student' },
  { value: '16', label: 'Mentor' },
  { value: '17', label: 'Parent' },
];

function MemberCard({ person }: { person: Card_ }) {
  const name = displayName(person);
  return (
    <Card
      component={Link}
      to={`/profile/${person.user_id}`}
      withBorder
      radius="md"
      padding="md"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar
          src={person.profile_image}
          alt=""
          size={48}
          radius={48}
          color="initials"
          name={name}
          aria-hidden="true"
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            @{person.username}
          </Text>
          {person.headline ? (
            <Text size="sm" lineClamp={2}>
              {person.headline}
            </Text>
          ) : null}
          {person.location ? (
            <Group gap={4} c="dimmed" wrap="nowrap">
              <IconMapPin size={14} aria-hidden="true" />
              <Text size="xs" truncate="end">
                {person.location}
              </Text>
            </Group>
          ) : null}
          {person.roles.length > 0 ? (
            <Group gap={4} mt={4}>
              {person.roles.slice(0, 3).map((role) => (
                <Badge key={role} size="xs" variant="light">
                  {role}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

function positivePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /profiles (spec section 2): the member directory. Search (debounced), role filter and page live in
 * the address, so a search can be shared and Back works; the server pages and applies privacy.
 */
export default function DirectoryPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const role = params.get('role');
  const page = positivePage(params.get('page'));

  // A new search starts again at page 1.
  useEffect(() => {
    setParams(
      (current) => {
        if ((current.get('search') ?? '') === debounced) return current;
        const next = new URLSearchParams(current);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const query = useSearchProfilesQuery({
    page,
    limit: DIRECTORY_PAGE_SIZE,
    ...(params.get('search') ? { search: params.get('search') ?? undefined } : {}),
    ...(role ? { role_id: Number(role) } : {}),
  });
  const result = query.data;
  const filtered = Boolean(params.get('search') || role);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden="true" />}
        title="We could not load the directory"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{(query.error as HttpQueryError).message}</Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!result) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true" aria-label="Loading members">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <Skeleton key={index} height={112} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (result.data.length === 0) {
    body = (
      <Center py="xl">
        <Stack align="center" gap="xs" ta="center">
          <IconUsers size={40} aria-hidden="true" />
          <Text fw={600}>{filtered ? 'No members match your search' : 'No members to show yet'}</Text>
          {filtered ? (
            <Button
              variant="light"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams());
              }}
            >
              Clear search and filters
            </Button>
          ) : null}
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {result.meta.total} {result.meta.total === 1 ? 'member' : 'members'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} style={{ opacity: query.isFetching ? 0.6 : 1 }}>
          {result.data.map((person) => (
            <MemberCard key={person.user_id} person={person} />
          ))}
        </SimpleGrid>
        {result.meta.totalPages > 1 ? (
          <Center>
            <Pagination
              total={result.meta.totalPages}
              value={Math.min(page, result.meta.totalPages)}
              onChange={(next) => update({ page: next > 1 ? String(next) : null })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
              })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              size="sm"
            />
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Members
          </Title>
          <Text c="dimmed" size="sm">
            Founders, mentors, investors and institutions on Nexus.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchField
            label="Search members"
            placeholder="Name, username or headline"
            value={search}
            onChange={setSearch}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Role"
            placeholder="Any role"
            data={ROLE_FILTERS}
            value={role}
            onChange={(value) => update({ role: value, page: null })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
