import { Table, Text } from '@mantine/core';
import {
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  type ReadinessHistoryItem,
  type ReadinessJourney,
} from '@nexus/contracts';

const dateLabel = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Every result of a journey, newest first: when, the overall (weakest) level, the mean and each level. */
export function HistoryTable({
  journey,
  history,
}: {
  journey: ReadinessJourney;
  history: ReadinessHistoryItem[];
}) {
  if (history.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No results yet.
      </Text>
    );
  const dimensions = READINESS_JOURNEY_DEFINITIONS[journey].dimensions;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label={`${READINESS_JOURNEY_DEFINITIONS[journey].title} history`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Overall</Table.Th>
            <Table.Th scope="col">Average</Table.Th>
            {dimensions.length > 1
              ? dimensions.map((dimension) => (
                  <Table.Th scope="col" key={dimension}>
                    {READINESS_DIMENSION_LABELS[dimension]}
                  </Table.Th>
                ))
              : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...history].reverse().map((item) => (
            <Table.Tr key={item.result_id}>
              <Table.Td>{dateLabel(item.created_at)}</Table.Td>
              <Table.Td>{item.overall}</Table.Td>
              <Table.Td>{item.average}</Table.Td>
              {dimensions.length > 1
                ? dimensions.map((dimension) => (
                    <Table.Td key={dimension}>{item.levels[dimension] ?? '–'}</Table.Td>
                  ))
                : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
