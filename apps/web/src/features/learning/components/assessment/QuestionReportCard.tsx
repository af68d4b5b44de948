import { BarChart } from '@mantine/charts';
import { Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { QuestionReport } from '@nexus/contracts';
import { QUESTION_TYPE_LABELS } from './question-draft';

interface Row {
  label: string;
  count: number;
  correct?: boolean;
}

function rowsOf(question: QuestionReport): Row[] {
  if (question.question_type === 'rating') {
    return question.ratings.map((rating) => ({ label: String(rating.value), count: rating.count }));
  }
  return question.options.map((option) => ({
    label: option.label,
    count: option.count,
    correct: option.correct,
  }));
}

/**
 * One question's statistics: a bar chart for the eye and a table with the same numbers for screen
 * readers (the chart itself is hidden from them), plus rating mean and median or recent text answers.
 */
export function QuestionReportCard({ question, index }: { question: QuestionReport; index: number }) {
  const rows = rowsOf(question);
  const rating = question.question_type === 'rating';
  const scored = question.correct_rate !== null;
  const heading = `Question ${index + 1}: ${question.prompt}`;
  return (
    <Paper component="section" aria-label={heading} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge size="sm" variant="light">
            {QUESTION_TYPE_LABELS[question.question_type]}
          </Badge>
          <Text size="sm" c="dimmed">
            {question.answered} answered
          </Text>
          {scored ? (
            <Text size="sm" fw={600}>
              {question.correct_rate}% correct
            </Text>
          ) : null}
          {rating && question.mean !== null ? (
            <Text size="sm" fw={600}>
              Mean {question.mean} · Median {question.median}
            </Text>
          ) : null}
        </Group>
        <Title order={2} size="h5">
          {heading}
        </Title>
        {rows.length > 0 ? (
          <>
            {/* The table below carries the numbers; the chart is kept out of the accessibility tree and tab order. */}
            <div aria-hidden="true" inert>
              <BarChart
                h={rating ? 180 : Math.max(140, rows.length * 36)}
                data={rows.map((row) => ({ label: row.label, Responses: row.count }))}
                dataKey="label"
                orientation={rating ? 'horizontal' : 'vertical'}
                series={[{ name: 'Responses', color: 'indigo.6' }]}
                // Counts are whole numbers; option labels need room on the category axis.
                yAxisProps={rating ? { allowDecimals: false } : { width: 110 }}
                xAxisProps={rating ? undefined : { allowDecimals: false }}
                withTooltip={false}
                barChartProps={{ accessibilityLayer: false }}
                gridAxis="none"
              />
            </div>
            <Table aria-label={`Answers to question ${index + 1}`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{rating ? 'Rating' : 'Option'}</Table.Th>
                  <Table.Th>Responses</Table.Th>
                  {scored ? <Table.Th>Correct</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Td>{row.label}</Table.Td>
                    <Table.Td>{row.count}</Table.Td>
                    {scored ? <Table.Td>{row.correct ? 'Yes' : 'No'}</Table.Td> : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
        {question.question_type === 'short_text' ? (
          question.texts.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Recent answers
              </Text>
              <List size="sm" spacing={4}>
                {[...question.texts].reverse().map((text, position) => (
                  // Answers may repeat, so the position keeps keys unique.
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id of their own
                  <List.Item key={position}>{text}</List.Item>
                ))}
              </List>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No answers yet.
            </Text>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
