import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ResourceKind } from '@nexus/contracts';
import { Link } from 'react-router';
import { useResourcesQuery } from '../api';
import { ResourceCard } from './ResourceCard';

export interface ContentBlock {
  title: string;
  kinds: ResourceKind[];
  /** Where "See all" leads. */
  more: string;
}

/** One block of a composed page: the newest few items of some kinds, and a link to all of them. */
function Block({ block }: { block: ContentBlock }) {
  const query = useResourcesQuery({ kind: block.kinds, limit: 4 });
  const items = query.data?.data ?? [];
  const headingId = `block-${block.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h3" id={headingId}>
          {block.title}
        </Title>
        <Anchor component={Link} to={block.more}>
          See all
        </Anchor>
      </Group>
      {query.isLoading ? (
        <Skeleton height={120} />
      ) : query.error ? (
        <Text c="red.8" role="alert">
          We could not load these resources.
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">Nothing here yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {items.map((item) => (
            <ResourceCard key={item.item_id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A page made of content blocks (/knowledge-hub, /content, /home/read-and-grow, /home/insights). */
export function ContentBlocks({
  title,
  intro,
  blocks,
}: {
  title: string;
  intro: string;
  blocks: ContentBlock[];
}) {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </div>
      {blocks.map((block) => (
        <Block key={block.title} block={block} />
      ))}
    </Stack>
  );
}
