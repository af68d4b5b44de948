import { Badge, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { RESOURCE_KIND_LABELS } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useKnownSession } from '../../../shared/session/use-known-session';
import { NotFound } from '../../../shared/ui/NotFound';
import { QueryState } from '../../../shared/ui/QueryState';
import { usePlaylistQuery, useResourceQuery, useSaveEntryMutation } from '../api';
import { MediaPlayer } from '../components/MediaPlayer';
import { itemHref } from '../components/ResourceCard';

function NowPlaying({ id, onEnded }: { id: number; onEnded: () => void }) {
  const query = useResourceQuery(id);
  if (!query.data) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Now playing: {query.data.title}
      </Title>
      <MediaPlayer key={id} item={query.data} audio={query.data.kind === 'podcast'} onEnded={onEnded} />
    </Stack>
  );
}

/**
 * /playlists/{id}: videos and podcasts in order, played one after the other. A public route: a public
 * playlist plays signed out; a private one (a 404 from the API) shows the not-found page.
 */
export default function PlaylistPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const signedIn = useKnownSession();
  const query = usePlaylistQuery(id, { skip: !valid });
  const [saveEntry] = useSaveEntryMutation();
  const [index, setIndex] = useState(0);
  const playlist = query.data;
  const playing = playlist?.items[index];
  if (!valid || (query.error as HttpQueryError | undefined)?.status === 404)
    return <NotFound homeHref="/resources" />;
  return (
    <Container size="lg" py="lg">
      <QueryState
        label="this playlist"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!playlist}
        emptyText="Playlist not found"
        onRetry={() => query.refetch()}
      >
        {playlist ? (
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={1}>{playlist.title}</Title>
                {playlist.description ? <Text c="dimmed">{playlist.description}</Text> : null}
                <Badge variant="light">{playlist.visibility === 'public' ? 'Public' : 'Private'}</Badge>
              </Stack>
              {signedIn ? (
                <Button
                  variant="light"
                  aria-pressed={playlist.saved}
                  onClick={() => saveEntry({ playlist_id: playlist.playlist_id, saved: !playlist.saved })}
                >
                  {playlist.saved ? 'Saved to my library' : 'Save playlist'}
                </Button>
              ) : null}
            </Group>
            {playing ? (
              <NowPlaying
                id={playing.item_id}
                onEnded={() => setIndex((i) => Math.min(i + 1, playlist.items.length - 1))}
              />
            ) : (
              <Text c="dimmed">This playlist has nothing you can play yet.</Text>
            )}
            <List type="ordered" spacing="xs" aria-label="Playlist">
              {playlist.items.map((item, position) => (
                <List.Item key={item.item_id}>
                  <Group gap="xs">
                    <Button
                      variant={position === index ? 'filled' : 'subtle'}
                      size="compact-sm"
                      aria-current={position === index ? 'true' : undefined}
                      onClick={() => setIndex(position)}
                    >
                      {item.title}
                    </Button>
                    <Text size="sm" c="dimmed">
                      {RESOURCE_KIND_LABELS[item.kind]}
                    </Text>
                    <Text component={Link} to={itemHref(item)} size="sm" c="blue.9">
                      Open page
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
