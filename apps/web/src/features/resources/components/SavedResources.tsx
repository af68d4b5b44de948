import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RESOURCE_KIND_LABELS } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { useLibraryQuery } from '../api';
import { itemHref } from './ResourceCard';

/** The "Saved resources and playlists" section of /my-library, with reading and watching progress. */
export function SavedResources() {
  const [page, setPage] = useState(1);
  const query = useLibraryQuery({ page });
  const entries = query.data?.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="saved-resources">
      <Title order={2} id="saved-resources">
        Saved resources and playlists
      </Title>
      <QueryState
        label="your saved resources"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={entries.length === 0}
        emptyText="Nothing saved yet"
        emptyAction={
          <Anchor component={Link} to="/resources">
            Browse resources
          </Anchor>
        }
        onRetry={() => query.refetch()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {entries.map((entry) => (
            <Card
              key={entry.item ? `i${entry.item.item_id}` : `p${entry.playlist?.playlist_id}`}
              withBorder
              padding="sm"
            >
              {entry.item ? (
                <Stack gap={4}>
                  <Group gap={6}>
                    <Badge variant="light">{RESOURCE_KIND_LABELS[entry.item.kind]}</Badge>
                    {entry.saved ? <Badge variant="outline">Saved</Badge> : null}
                  </Group>
                  <Anchor component={Link} to={itemHref(entry.item)} fw={600}>
                    {entry.item.title}
                  </Anchor>
                  <Progress value={entry.progress_percent} aria-label={`Progress of ${entry.item.title}`} />
                  <Text size="xs" c="dimmed">
                    {entry.progress_percent > 0 ? `${entry.progress_percent}% done` : 'Not started'}
                  </Text>
                </Stack>
              ) : entry.playlist ? (
                <Stack gap={4}>
                  <Badge variant="light">Playlist</Badge>
                  <Anchor component={Link} to={`/playlists/${entry.playlist.playlist_id}`} fw={600}>
                    {entry.playlist.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {entry.playlist.count} {entry.playlist.count === 1 ? 'item' : 'items'}
                  </Text>
                </Stack>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
        <ListPagination page={page} totalPages={query.data?.meta.totalPages ?? 1} onChange={setPage} />
      </QueryState>
    </Stack>
  );
}
