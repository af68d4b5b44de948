import { Progress, Stack, Table, Text } from '@mantine/core';
import type { RowError } from '../csv';

export interface ImportProgress {
  done: number;
  total: number;
}

/** A CSV import's progress bar, then its outcome with one row per refused line. */
export function ImportReport({
  progress,
  report,
}: {
  progress: ImportProgress | null;
  report: { imported: number; errors: RowError[] } | null;
}) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <>
      {progress ? (
        <Progress value={percent} aria-label={`Imported ${progress.done} of ${progress.total}`} />
      ) : null}
      {report ? (
        <Stack gap={4} role="status">
          <Text size="sm">
            {report.imported} imported, {report.errors.length} failed
          </Text>
          {report.errors.length > 0 ? (
            <Table aria-label="Import errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((error) => (
                  <Table.Tr key={`${error.line}:${error.email}`}>
                    <Table.Td>{error.line}</Table.Td>
                    <Table.Td>{error.email}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
