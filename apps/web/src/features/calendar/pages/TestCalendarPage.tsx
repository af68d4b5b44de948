import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useCalendarUsersQuery } from '../api';
import { viewerTimeZone } from '../calendar-items';
import { FeedCheck } from '../components/FeedCheck';

/**
 * /test-calendar: an administrator picks someone they administer (a platform admin anyone, a tenant
 * admin the members of their organisation) and sees what that person's calendar feed serves.
 */
export default function TestCalendarPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [userId, setUserId] = useState<number | null>(null);
  const users = useCalendarUsersQuery({ search: debounced || undefined, page });
  const rows = users.data?.data ?? [];
  const meta = users.data?.meta;
  const timeZone = viewerTimeZone();
  // Someone who administers nobody is told what the page is for and where their own feed is, rather
  // than shown the server's refusal as a load error.
  const administersNobody = (users.error as HttpQueryError | undefined)?.status === 403;

  if (administersNobody) {
    return (
      <Container size="sm" py="lg">
        <Stack gap="lg">
          <Title order={1}>Calendar test</Title>
          <Alert color="blue" title="For administrators">
            <Stack gap="xs">
              <Text size="sm">
                Administrators check here what the calendar feed of someone they administer serves. You
                administer no one, so there is nobody to check.
              </Text>
              <Anchor component={Link} to="/calendar" size="sm">
                Open your calendar and its feed address
              </Anchor>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Calendar test</Title>
          <Text c="dimmed">
            Check the calendar feed of someone you administer: the items it serves and whether the file is
            well formed. Times in {timeZone}.
          </Text>
        </div>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <SearchField
                label="Find a person"
                placeholder="Name, username or email"
                value={search}
                onChange={(value) => {
                  setSearch(value);
                  setPage(1);
                }}
              />
              <QueryState
                label="people"
                isLoading={users.isFetching && !users.data}
                error={users.error}
                isEmpty={rows.length === 0}
                emptyText={debounced ? 'Nobody matches your search' : 'Nobody to check yet'}
                onRetry={() => users.refetch()}
              >
                <Stack component="ul" gap={4} p={0} m={0} aria-label="People" style={{ listStyle: 'none' }}>
                  {rows.map((user) => (
                    <li key={user.user_id}>
                      <UnstyledButton
                        onClick={() => setUserId(user.user_id)}
                        aria-pressed={userId === user.user_id}
                        w="100%"
                      >
                        <Paper
                          withBorder
                          p="xs"
                          radius="sm"
                          bg={userId === user.user_id ? 'var(--mantine-primary-color-light)' : undefined}
                        >
                          <Text fw={600} size="sm">
                            {user.name}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {user.email ?? user.username}
                          </Text>
                        </Paper>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
                {meta ? (
                  <ListPagination
                    page={meta.page}
                    totalPages={meta.totalPages}
                    onChange={setPage}
                    summary={countLabel(meta.total, 'person', 'people', meta.totalExact)}
                  />
                ) : null}
              </QueryState>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {userId === null ? (
              <Paper withBorder p="lg" radius="md">
                <Text c="dimmed">Choose a person to check their calendar feed.</Text>
              </Paper>
            ) : (
              <Stack gap="xs">
                <FeedCheck userId={userId} timeZone={timeZone} />
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setUserId(null)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Clear
                </Button>
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
