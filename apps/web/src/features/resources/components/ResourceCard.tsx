import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { type ResourceCard as Card_, RESOURCE_KIND_LABELS, RESOURCE_KIND_PAGES } from '@nexus/contracts';
import { Link } from 'react-router';

/** Where an item opens: its kind's page. */
export const itemHref = (item: Pick<Card_, 'kind' | 'item_id'>) =>
  `${RESOURCE_KIND_PAGES[item.kind]}/${item.item_id}`;

const STATUS_LABELS = { draft: 'Draft', review: 'Waiting for review', published: 'Published' } as const;

/** One item of a list: kind, title linking to its page, authors, summary or the search excerpt. */
export function ResourceCard({ item }: { item: Card_ }) {
  const headingId = `resource-${item.item_id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group gap={6}>
          <Badge variant="light" color="indigo">
            {RESOURCE_KIND_LABELS[item.kind]}
          </Badge>
          {item.status !== 'published' ? (
            <Badge variant="outline" color="orange">
              {STATUS_LABELS[item.status]}
            </Badge>
          ) : null}
        </Group>
        <Text
          id={headingId}
          component={Link}
          to={itemHref(item)}
          fw={700}
          size="lg"
          c="blue.9"
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.title}
        </Text>
        {item.authors.length > 0 ? (
          <Text size="sm" c="dimmed">
            {item.authors.join(', ')}
          </Text>
        ) : null}
        {item.headline ? (
          // The server escapes the excerpt and adds only <mark> around the matched words.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped server-side, marks only
          <Text size="sm" dangerouslySetInnerHTML={{ __html: item.headline }} />
        ) : item.summary ? (
          <Text size="sm" lineClamp={3}>
            {item.summary}
          </Text>
        ) : null}
        {item.tags.length > 0 ? (
          <Group gap={4}>
            {item.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="outline" color="gray.8">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
