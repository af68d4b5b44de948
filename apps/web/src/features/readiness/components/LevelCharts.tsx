// The charts' own sheet travels with the charts, so every page that shows them (readiness, the
// innovation workspace) lays them out.
import '@mantine/charts/styles.css';
import { LineChart, RadarChart } from '@mantine/charts';
import { Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  type ReadinessDimension,
  type ReadinessJourney,
  type StatModule,
} from '@nexus/contracts';

const JOURNEY_COLORS: Record<ReadinessJourney, string> = {
  idea: 'grape.7',
  technology: 'blue.7',
  entrepreneurial: 'teal.8',
  investor: 'orange.8',
};

export interface RadarSeries {
  name: string;
  color: string;
  levels: Partial<Record<ReadinessDimension, number>>;
}

/**
 * Levels as a radar (three dimensions or more) with the same figures in a table for screen readers
 * and keyboard users; one dimension or two show as bars, which a radar cannot draw.
 */
export function LevelRadar({
  dimensions,
  series,
  label,
}: {
  dimensions: ReadinessDimension[];
  series: RadarSeries[];
  label: string;
}) {
  const table = (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Dimension</Table.Th>
          {series.map((item) => (
            <Table.Th scope="col" key={item.name}>
              {item.name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {dimensions.map((dimension) => (
          <Table.Tr key={dimension}>
            <Table.Th scope="row">{READINESS_DIMENSION_LABELS[dimension]}</Table.Th>
            {series.map((item) => (
              <Table.Td key={item.name}>{item.levels[dimension] ?? '–'}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (dimensions.length < 3) {
    return (
      <Stack gap="xs">
        {dimensions.map((dimension) =>
          series.map((item) => (
            <div key={`${dimension}-${item.name}`}>
              <Text size="sm">
                {READINESS_DIMENSION_LABELS[dimension]} ({item.name}): level {item.levels[dimension] ?? '–'}{' '}
                of 9
              </Text>
              <Progress
                value={((item.levels[dimension] ?? 0) / 9) * 100}
                color={item.color}
                aria-label={`${READINESS_DIMENSION_LABELS[dimension]} ${item.name} level`}
              />
            </div>
          )),
        )}
        <VisuallyHidden>{table}</VisuallyHidden>
      </Stack>
    );
  }
  const data = dimensions.map((dimension) => ({
    dimension: READINESS_DIMENSION_LABELS[dimension],
    ...Object.fromEntries(series.map((item) => [item.name, item.levels[dimension] ?? 0])),
  }));
  return (
    <Stack gap="xs">
      <div aria-hidden="true">
        <RadarChart
          h={300}
          data={data}
          dataKey="dimension"
          withPolarRadiusAxis
          polarRadiusAxisProps={{ domain: [0, 9], tickCount: 4 }}
          withLegend
          // The chart is a picture of the table below it: no keyboard stop of its own inside aria-hidden.
          radarChartProps={{ accessibilityLayer: false }}
          series={series.map((item) => ({ name: item.name, color: item.color, opacity: 0.2 }))}
        />
      </div>
      <VisuallyHidden>{table}</VisuallyHidden>
    </Stack>
  );
}

export function journeyColor(journey: ReadinessJourney): string {
  return JOURNEY_COLORS[journey];
}

/** The union of dimensions of the journeys, in the order the levels file lists them. */
export function dimensionsOf(journeys: ReadinessJourney[]): ReadinessDimension[] {
  const set = new Set(journeys.flatMap((journey) => READINESS_JOURNEY_DEFINITIONS[journey].dimensions));
  return (Object.keys(READINESS_DIMENSION_LABELS) as ReadinessDimension[]).filter((d) => set.has(d));
}

/**
 * Statistics of spec section 3, charted: each "Overall Achievements" stat over its time periods, and
 * the "Need Expert Support" figures listed. Reusable: the workspace page may show a person's modules.
 */
export function StatsChart({ modules }: { modules: StatModule[] }) {
  if (modules.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No statistics yet: they appear once you complete a self-assessment.
      </Text>
    );
  return (
    <Stack gap="lg">
      {modules.map((module) => {
        const overall = module.stats.filter((stat) => stat.category === 'Overall Achievements');
        const support = module.stats.filter((stat) => stat.category === 'Need Expert Support');
        const periods = [...new Set(overall.flatMap((stat) => stat.scores.map((s) => s.time_period)))].sort();
        const data = periods.map((period) => ({
          period,
          ...Object.fromEntries(
            overall.map((stat) => [
              stat.stat_name,
              stat.scores.find((s) => s.time_period === period)?.score_value,
            ]),
          ),
        }));
        const colors = ['grape.7', 'blue.7', 'teal.8', 'orange.8', 'red.8', 'indigo.7'];
        return (
          <Stack key={module.module_id} gap="xs">
            <Text fw={600}>
              {module.module_name} · phase {module.phase_id} of 5
            </Text>
            <div aria-hidden="true">
              <LineChart
                h={220}
                data={data}
                dataKey="period"
                connectNulls
                yAxisProps={{ domain: [0, 9], allowDecimals: false }}
                withLegend
                lineChartProps={{ accessibilityLayer: false }}
                series={overall.map((stat, i) => ({
                  name: stat.stat_name,
                  color: colors[i % colors.length] ?? 'blue.7',
                }))}
              />
            </div>
            <Table aria-label={`${module.module_name} statistics`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Statistic</Table.Th>
                  <Table.Th scope="col">Category</Table.Th>
                  <Table.Th scope="col">Latest</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...overall, ...support].map((stat) => {
                  const last = stat.scores.at(-1);
                  return (
                    <Table.Tr key={stat.stat_id}>
                      <Table.Td>{stat.stat_name}</Table.Td>
                      <Table.Td>{stat.category}</Table.Td>
                      <Table.Td>
                        {last ? `${last.score_value} ${last.score_unit} (${last.time_period})` : '–'}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Stack>
        );
      })}
    </Stack>
  );
}
