import {
  Badge,
  Card,
  Container,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { QueryState } from '../../../shared/ui/QueryState';
import { useEcosystemMapQuery } from '../api';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { countryLabel, SECTOR_OPTIONS } from '../components/labels';
import { PlaceOrganisationCard } from '../components/PlaceOrganisationCard';

// d3-geo, topojson and the world geometry load only when the map shows, not with the page.
const WorldMap = lazy(() => import('../components/WorldMap'));

const TYPES = [
  { value: 'all', label: 'Everything' },
  { value: 'organisation', label: 'Organisations' },
  { value: 'startup', label: 'Startups' },
  { value: 'center', label: 'Centers' },
];

/**
 * /ecosystem-map: organisations, startups and innovation centers by country, on a world map drawn
 * from shipped geometry, with a table beside it for keyboard and screen-reader users.
 */
export default function EcosystemMapPage() {
  const [type, setType] = useState('all');
  const [sector, setSector] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 30em)');
  const query = useEcosystemMapQuery({
    type: type === 'all' ? undefined : type,
    sector: sector ?? undefined,
  });
  const rows = query.data ?? [];
  const totals = rows.reduce(
    (sum, row) => ({
      organisations: sum.organisations + row.organisations,
      startups: sum.startups + row.startups,
      centers: sum.centers + row.centers,
    }),
    { organisations: 0, startups: 0, centers: 0 },
  );
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Ecosystem map"
          intro="Where the organisations, startups and innovation centers of Nexus are."
        />
        <PlaceOrganisationCard />
        <Group gap="md" wrap="wrap" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="map-type-label">
              Show
            </Text>
            <SegmentedControl
              data={TYPES}
              value={type}
              onChange={setType}
              aria-labelledby="map-type-label"
              // Four choices side by side are wider than a phone: stacked there.
              orientation={phone ? 'vertical' : 'horizontal'}
            />
          </Stack>
          <Select
            label="Sector"
            placeholder="Any sector"
            data={SECTOR_OPTIONS}
            value={sector}
            onChange={setSector}
            clearable
            searchable
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        <Group gap="xs">
          <Badge variant="light">{totals.organisations} organisations</Badge>
          <Badge variant="light">{totals.startups} startups</Badge>
          <Badge variant="light">{totals.centers} centers</Badge>
        </Group>
        <QueryState
          label="the map"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText="Nothing matches these filters yet. Choose another sector or show everything."
          onRetry={() => query.refetch()}
        >
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder padding="xs">
                <Suspense fallback={<Skeleton height={360} aria-label="Loading the map" />}>
                  <WorldMap countries={rows} selected={selected} />
                </Suspense>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Title order={2} size="h3" mb="xs">
                By country
              </Title>
              <Table.ScrollContainer minWidth={360}>
                <Table striped highlightOnHover aria-label="Counts by country">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Country</Table.Th>
                      <Table.Th scope="col">Organisations</Table.Th>
                      <Table.Th scope="col">Startups</Table.Th>
                      <Table.Th scope="col">Centers</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr
                        key={row.country}
                        bg={row.country === selected ? 'var(--mantine-color-blue-light)' : undefined}
                      >
                        <Table.Th scope="row">
                          <UnstyledButton
                            onClick={() => setSelected(row.country)}
                            aria-pressed={row.country === selected}
                            fw={600}
                            fz="sm"
                          >
                            {countryLabel(row.country)}
                          </UnstyledButton>
                        </Table.Th>
                        <Table.Td>{row.organisations}</Table.Td>
                        <Table.Td>{row.startups}</Table.Td>
                        <Table.Td>{row.centers}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Grid.Col>
          </Grid>
        </QueryState>
      </Stack>
    </Container>
  );
}
