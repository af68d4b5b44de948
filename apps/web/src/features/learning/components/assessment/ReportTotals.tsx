import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { AssessmentReport } from '@nexus/contracts';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** The headline numbers of a report; average and pass rate only mean something for a quiz. */
export function ReportTotals({ report }: { report: AssessmentReport }) {
  const quiz = report.assessment.kind === 'quiz';
  const totals = [
    { label: 'Responses', value: String(report.responses) },
    { label: 'Submitted', value: String(report.submitted) },
    ...(quiz
      ? [
          { label: 'Average percent', value: percent(report.average_percent) },
          { label: 'Pass rate', value: percent(report.pass_rate) },
        ]
      : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: totals.length }} spacing="sm" component="dl" m={0}>
      {totals.map((total) => (
        <Paper key={total.label} withBorder radius="md" p="sm">
          <Text component="dt" size="xs" c="dimmed">
            {total.label}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {total.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
