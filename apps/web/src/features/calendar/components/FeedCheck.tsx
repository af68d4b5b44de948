import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useCalendarFeedCheckQuery } from '../api';
import { ItemList } from './ItemList';

const formatDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );

/** What one user's feed serves now, and whether the file reads back well formed. */
export function FeedCheck({ userId, timeZone }: { userId: number; timeZone: string }) {
  const check = useCalendarFeedCheckQuery(userId);
  if (check.error) {
    return (
      <Alert color="red" role="alert" title="We could not check this calendar">
        {(check.error as HttpQueryError).message}
      </Alert>
    );
  }
  if (check.isFetching || !check.data) return <Skeleton height={160} aria-label="Checking the feed" />;
  const result = check.data;
  const healthy = result.problems.length === 0;
  return (
    <Stack gap="md" aria-label={`Feed check of ${result.user.name}`}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {result.user.name}
            </Title>
            <Badge color={healthy ? 'green' : 'red'} variant="light">
              {healthy ? 'Feed is well formed' : 'Feed has problems'}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Text size="sm">
              <strong>Subscribed address:</strong> {result.has_feed ? 'created' : 'not created yet'}
            </Text>
            <Text size="sm">
              <strong>Events in feed:</strong> {result.event_count}
            </Text>
            <Text size="sm">
              <strong>Size:</strong> {(result.bytes / 1024).toFixed(1)} KB
            </Text>
            <Text size="sm">
              <strong>Window:</strong> {formatDate(result.window.start, timeZone)} –{' '}
              {formatDate(result.window.end, timeZone)}
            </Text>
          </SimpleGrid>
          {healthy ? null : (
            <Alert color="red" title="Problems found">
              <Stack gap={2} component="ul" m={0}>
                {result.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
      {result.items.length === 0 ? (
        <Text c="dimmed">Nothing dated for this person in the feed's window.</Text>
      ) : (
        <ItemList items={result.items} timeZone={timeZone} download={false} label="Items in the feed" />
      )}
    </Stack>
  );
}
