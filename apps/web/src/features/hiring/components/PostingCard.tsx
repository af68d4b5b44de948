import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { PostingItem } from '@nexus/contracts';
import { IconBuilding, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dayLabel, placeLabel, typeLabel } from './labels';

/** One posting of a list: the title links to its public page; organisation, place, type, closing date. */
export function PostingCard({ posting, reasons }: { posting: PostingItem; reasons?: string[] }) {
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`posting-${posting.posting_id}`}>
      <Stack gap={6}>
        <Text
          id={`posting-${posting.posting_id}`}
          component={Link}
          to={`/search-jobs/${posting.posting_id}`}
          fw={700}
          size="lg"
          c="blue.9"
          style={{ overflowWrap: 'anywhere' }}
        >
          {posting.title}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconBuilding size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text size="sm">{posting.organisation}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            {placeLabel(posting)}
          </Text>
        </Group>
        {posting.summary ? (
          <Text size="sm" lineClamp={2}>
            {posting.summary}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Badge variant="outline" color="blue.9">
            {typeLabel(posting)}
          </Badge>
          {posting.remote ? (
            <Badge variant="outline" color="teal.9">
              Remote
            </Badge>
          ) : null}
          {posting.open ? null : (
            <Badge variant="filled" color="gray.7">
              Closed
            </Badge>
          )}
          {(reasons ?? []).map((reason) => (
            <Badge key={reason} variant="outline" color="grape.9">
              {reason}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {posting.open ? `Apply by ${dayLabel(posting.closes_at)}` : `Closed ${dayLabel(posting.closes_at)}`}
        </Text>
      </Stack>
    </Card>
  );
}
