import { Button, Checkbox, Grid, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FacetCount, ResourceFacets } from '@nexus/contracts';
import { useId, useState } from 'react';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { type SearchArgs, useResourcesQuery } from '../api';
import { ResourceCard } from './ResourceCard';

const PAGE_SIZE = 12;
type Multi = 'kind' | 'tag' | 'language';
const FACET_TITLES: Record<keyof ResourceFacets, string> = {
  kind: 'Kind',
  tag: 'Tag',
  language: 'Language',
  collection: 'Collection',
  year: 'Year',
};

function FacetGroup({
  name,
  values,
  chosen,
  onToggle,
}: {
  name: keyof ResourceFacets;
  values: FacetCount[];
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  if (values.length === 0) return null;
  return (
    <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={700} size="sm">
        {FACET_TITLES[name]}
      </Text>
      {values.map((facet) => (
        <Checkbox
          key={facet.value}
          label={`${facet.label} (${facet.count})`}
          checked={chosen.includes(facet.value)}
          onChange={() => onToggle(facet.value)}
        />
      ))}
    </Stack>
  );
}

/**
 * Search and browse the library (issue 21 point 3): a search box, facets with counts (kind, tag,
 * language, collection, year), sorting and pages. `fixed` narrows every search (a kind, a portal).
 */
export function ResourceBrowser({
  title,
  intro,
  fixed = {},
  scope,
  level = 1,
}: {
  title: string;
  intro: string;
  /** The heading level of the title: 2 when the list is a section of a larger page. */
  level?: 1 | 2;
  fixed?: Pick<SearchArgs, 'kind' | 'collection_id'>;
  scope?: SearchArgs['scope'];
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Record<Multi, string[]>>({ kind: [], tag: [], language: [] });
  const [collection, setCollection] = useState<number | undefined>();
  const [year, setYear] = useState<number | undefined>();
  const [sort, setSort] = useState<SearchArgs['sort']>('newest');
  const [page, setPage] = useState(1);
  const query = useResourcesQuery({
    page,
    limit: PAGE_SIZE,
    search: debounced || undefined,
    kind: fixed.kind ?? chosen.kind,
    tag: chosen.tag,
    language: chosen.language,
    collection_id: fixed.collection_id ?? collection,
    year,
    scope,
    sort: debounced && sort === 'newest' ? 'relevance' : sort,
    facets: true,
  });
  const items = query.data?.data ?? [];
  const headingId = useId();
  const meta = query.data?.meta;
  const facets = meta?.facets;
  const filtered =
    Boolean(debounced) ||
    Object.values(chosen).some((v) => v.length > 0) ||
    collection !== undefined ||
    year !== undefined;
  const toggle = (name: Multi) => (value: string) => {
    setChosen((current) => ({
      ...current,
      [name]: current[name].includes(value)
        ? current[name].filter((v) => v !== value)
        : [...current[name], value],
    }));
    setPage(1);
  };
  const clear = () => {
    setSearch('');
    setChosen({ kind: [], tag: [], language: [] });
    setCollection(undefined);
    setYear(undefined);
    setPage(1);
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={level} id={headingId}>
          {title}
        </Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </div>
      <Group align="flex-end" wrap="wrap">
        <SearchField
          label="Search resources"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label="Sort by"
          value={sort}
          allowDeselect={false}
          onChange={(value) => setSort((value ?? 'newest') as SearchArgs['sort'])}
          data={[
            { value: 'newest', label: 'Newest first' },
            { value: 'oldest', label: 'Oldest first' },
            { value: 'title', label: 'Title' },
            { value: 'relevance', label: 'Best match' },
          ]}
          w={180}
        />
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="md" component="aside" aria-label="Filters">
            {facets ? (
              <>
                {fixed.kind ? null : (
                  <FacetGroup
                    name="kind"
                    values={facets.kind}
                    chosen={chosen.kind}
                    onToggle={toggle('kind')}
                  />
                )}
                <FacetGroup name="tag" values={facets.tag} chosen={chosen.tag} onToggle={toggle('tag')} />
                <FacetGroup
                  name="language"
                  values={facets.language}
                  chosen={chosen.language}
                  onToggle={toggle('language')}
                />
                {fixed.collection_id ? null : (
                  <FacetGroup
                    name="collection"
                    values={facets.collection}
                    chosen={collection ? [String(collection)] : []}
                    onToggle={(value) => {
                      setCollection(collection === Number(value) ? undefined : Number(value));
                      setPage(1);
                    }}
                  />
                )}
                <FacetGroup
                  name="year"
                  values={facets.year}
                  chosen={year ? [String(year)] : []}
                  onToggle={(value) => {
                    setYear(year === Number(value) ? undefined : Number(value));
                    setPage(1);
                  }}
                />
              </>
            ) : null}
            {filtered ? (
              <Button variant="light" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <QueryState
            label="resources"
            isLoading={query.isLoading || (query.isFetching && items.length === 0)}
            error={query.error}
            isEmpty={items.length === 0}
            emptyText={filtered ? 'No resources match your search' : 'No resources here yet'}
            emptyAction={
              filtered ? (
                <Button variant="light" onClick={clear}>
                  Clear filters
                </Button>
              ) : null
            }
            onRetry={() => query.refetch()}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {items.map((item) => (
                <ResourceCard key={item.item_id} item={item} />
              ))}
            </SimpleGrid>
            <ListPagination
              page={page}
              totalPages={meta?.totalPages ?? 1}
              onChange={setPage}
              summary={meta ? countLabel(meta.total, 'resource', 'resources', true) : undefined}
            />
          </QueryState>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
