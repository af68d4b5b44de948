import { Anchor, Badge, Button, Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { RESOURCE_KIND_LABELS, type ResourceItem } from '@nexus/contracts';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useKnownSession } from '../../../shared/session/use-known-session';
import { NotFound } from '../../../shared/ui/NotFound';
import { QueryState } from '../../../shared/ui/QueryState';
import {
  useResourceQuery,
  useReviewResourceMutation,
  useSaveEntryMutation,
  useSaveProgressMutation,
} from '../api';
import { FilePanel } from '../components/FilePanel';
import { ItemLinks } from '../components/ItemLinks';
import { MediaPlayer } from '../components/MediaPlayer';

/** Remembers how far down an article the reader got, a few seconds after they stop scrolling. */
function useReadingProgress(item: ResourceItem | undefined, enabled: boolean) {
  const [saveProgress] = useSaveProgressMutation();
  const best = useRef(0);
  useEffect(() => {
    if (!item || !enabled) return;
    best.current = item.progress_percent;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const percent = max <= 0 ? 100 : Math.min(100, Math.round((window.scrollY / max) * 100));
      if (percent <= best.current) return;
      best.current = percent;
      clearTimeout(timer);
      timer = setTimeout(() => saveProgress({ id: item.item_id, progress_percent: percent }), 2000);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [item, enabled, saveProgress]);
}

function ReviewBar({ item }: { item: ResourceItem }) {
  const [review, state] = useReviewResourceMutation();
  if (!item.can_approve) return null;
  return (
    <Group role="region" aria-label="Review" p="sm" bg="yellow.0" style={{ borderRadius: 8 }}>
      <Text size="sm" fw={600} style={{ flex: 1 }}>
        This document waits for a manager’s approval before it is published.
      </Text>
      <Button loading={state.isLoading} onClick={() => review({ id: item.item_id, decision: 'approve' })}>
        Approve and publish
      </Button>
      <Button variant="default" onClick={() => review({ id: item.item_id, decision: 'return' })}>
        Send back to author
      </Button>
    </Group>
  );
}

function Body({ item }: { item: ResourceItem }) {
  if (!item.body) return null;
  return (
    <Typography
      style={{ fontSize: '1.0625rem', lineHeight: 1.7, maxWidth: '70ch', overflowWrap: 'anywhere' }}
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on every write */}
      <div dangerouslySetInnerHTML={{ __html: item.body }} />
    </Typography>
  );
}

/**
 * The page of one resource, shaped by its kind (issue 21 point 4): an article reads as a column of
 * text, a report or template previews its PDF and downloads it, a podcast or video plays, a case study
 * links to what it is about. Serves /article, /report, /template, /podcast, /case-study, /video,
 * /stream and /publications/overview. Public routes: a visitor signed out reads a public item; an item
 * they may not see answers 404 and shows the not-found page, nothing of it.
 */
export default function ItemPage() {
  const params = useParams();
  const id = Number(params.id ?? params.itemId);
  const signedIn = useKnownSession();
  const valid = Number.isInteger(id) && id > 0;
  const query = useResourceQuery(id, { skip: !valid });
  const [saveEntry, saving] = useSaveEntryMutation();
  const item = query.data;
  useReadingProgress(item, signedIn && item?.kind === 'article');
  if (!valid || (query.error as HttpQueryError | undefined)?.status === 404)
    return <NotFound homeHref="/resources" />;

  return (
    <Container size={item?.kind === 'article' ? 'sm' : 'lg'} py="lg">
      <QueryState
        label="this resource"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!item}
        emptyText="Resource not found"
        onRetry={() => query.refetch()}
      >
        {item ? (
          <Stack gap="lg" component="article" aria-labelledby="resource-title">
            <ReviewBar item={item} />
            <Stack gap={6}>
              <Group gap={6}>
                <Badge variant="light" color="indigo">
                  {RESOURCE_KIND_LABELS[item.kind]}
                </Badge>
                {item.status !== 'published' ? (
                  <Badge variant="outline" color="orange">
                    {item.status === 'review' ? 'Waiting for review' : 'Draft'}
                  </Badge>
                ) : null}
                {item.collection_name ? (
                  <Anchor href={`/documents-portal/${item.collection_id}`} size="sm">
                    {item.collection_name}
                  </Anchor>
                ) : null}
              </Group>
              <Title order={1} id="resource-title" style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Title>
              {item.authors.length > 0 ? <Text c="dimmed">By {item.authors.join(', ')}</Text> : null}
              <Group gap="xs">
                {item.published_at ? (
                  <Text size="sm" c="dimmed">
                    Published {new Date(item.published_at).toLocaleDateString()}
                  </Text>
                ) : null}
                {item.licence ? (
                  <Text size="sm" c="dimmed">
                    · Licence: {item.licence}
                  </Text>
                ) : null}
                {item.progress_percent > 0 ? (
                  <Text size="sm" c="dimmed">
                    · {item.progress_percent}% done
                  </Text>
                ) : null}
              </Group>
              {signedIn ? (
                <Group>
                  <Button
                    variant={item.saved ? 'filled' : 'light'}
                    loading={saving.isLoading}
                    aria-pressed={item.saved}
                    leftSection={
                      item.saved ? (
                        <IconBookmarkFilled size={18} aria-hidden="true" />
                      ) : (
                        <IconBookmark size={18} aria-hidden="true" />
                      )
                    }
                    onClick={() => saveEntry({ item_id: item.item_id, saved: !item.saved })}
                  >
                    {item.saved ? 'Saved to my library' : 'Save to my library'}
                  </Button>
                </Group>
              ) : null}
            </Stack>
            {item.summary ? <Text size="lg">{item.summary}</Text> : null}
            {item.kind === 'video' ? <MediaPlayer item={item} /> : null}
            {item.kind === 'podcast' ? <MediaPlayer item={item} audio /> : null}
            {['report', 'template', 'publication', 'document'].includes(item.kind) ? (
              <FilePanel item={item} />
            ) : null}
            <Body item={item} />
            <ItemLinks item={item} />
            {item.kind === 'case_study' || item.kind === 'article' ? (
              item.files.some((file) => file.is_current) ? (
                <FilePanel item={item} />
              ) : null
            ) : null}
            {item.tags.length > 0 ? (
              <Group gap={4} aria-label="Tags">
                {item.tags.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray.8">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
