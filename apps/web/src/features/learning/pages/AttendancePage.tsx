import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ATTENDANCE_STATUSES, type AttendanceSheet, type AttendanceStatus } from '@nexus/contracts';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { QueryState } from '../../../shared/ui/QueryState';
import {
  type SheetAddress,
  useAttendanceSheetQuery,
  useCheckInMutation,
  useMarkAttendanceMutation,
} from '../attendance-api';

const STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  excused: 'Excused',
};
const when = (sheet: AttendanceSheet) =>
  sheet.starts_at
    ? `${dayjs(sheet.starts_at).format('D MMM YYYY, HH:mm')}${sheet.ends_at ? ` to ${dayjs(sheet.ends_at).format('HH:mm')}` : ''}`
    : 'No fixed time';

function LearnerCheckIn({ address, sheet }: { address: SheetAddress; sheet: AttendanceSheet }) {
  const [code, setCode] = useState('');
  const [checkIn, state] = useCheckInMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkIn({ ...address, code });
  };
  if (sheet.my_status === 'present') {
    return (
      <Alert color="teal" title="You are checked in">
        Your attendance is recorded and this session counts toward your progress.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {sheet.my_status ? (
        <Text>Your instructor marked you {STATUS_LABELS[sheet.my_status].toLowerCase()}.</Text>
      ) : null}
      {sheet.window_open ? (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Check-in code"
              description="The code your instructor shows during the session"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
              maxLength={12}
              autoComplete="off"
              required
            />
            <Button type="submit" loading={state.isLoading}>
              Check in
            </Button>
          </Group>
        </form>
      ) : (
        <Alert color="gray" title="Check-in is closed">
          Check-in opens 15 minutes before the session starts and closes when it ends.
        </Alert>
      )}
      {state.isError ? (
        <Text c="red" role="alert" size="sm">
          {(state.error as HttpQueryError).message}
        </Text>
      ) : null}
    </Stack>
  );
}

function InstructorSheet({ address, sheet }: { address: SheetAddress; sheet: AttendanceSheet }) {
  const [changes, setChanges] = useState<Record<number, AttendanceStatus>>({});
  const [mark, state] = useMarkAttendanceMutation();
  const roster = sheet.roster ?? [];
  const save = async () => {
    const records = Object.entries(changes).map(([id, status]) => ({ user_id: Number(id), status }));
    await mark({ ...address, records })
      .unwrap()
      .then(() => setChanges({}))
      .catch(() => undefined);
  };
  const present = roster.filter((row) => (changes[row.user_id] ?? row.status) === 'present').length;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)">
        <Text size="sm" c="dimmed">
          Show this code to the learners during the session
        </Text>
        <Code fz={36} fw={700} aria-label="Check-in code" style={{ letterSpacing: '0.2em' }}>
          {sheet.code}
        </Code>
      </Paper>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Batch {sheet.batch_id}: {present} of {roster.length} present
        </Title>
        <Button onClick={save} disabled={Object.keys(changes).length === 0} loading={state.isLoading}>
          Save attendance
        </Button>
      </Group>
      {state.isError ? (
        <Text c="red" role="alert" size="sm">
          {(state.error as HttpQueryError).message}
        </Text>
      ) : null}
      {roster.length === 0 ? (
        <Text c="dimmed">Nobody is enrolled in this program yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Learner</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Attendance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roster.map((row) => (
                <Table.Tr key={row.user_id}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>
                    {row.method === 'code' ? (
                      <Badge variant="light">Checked in</Badge>
                    ) : row.method ? (
                      <Badge variant="light" color="gray">
                        Marked
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Attendance of ${row.name}`}
                      value={changes[row.user_id] ?? row.status ?? ''}
                      onChange={(value) =>
                        setChanges((current) => ({ ...current, [row.user_id]: value as AttendanceStatus }))
                      }
                      data={ATTENDANCE_STATUSES.map((status) => ({
                        value: status,
                        label: STATUS_LABELS[status],
                      }))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** /attendance/{type}/{scheduleId}/{contentId}/{batchId} (issue 5, part 5). */
export default function AttendancePage() {
  const params = useParams();
  const address: SheetAddress = {
    type: params.type ?? '',
    scheduleId: params.scheduleId ?? '',
    contentId: params.contentId ?? '',
    batchId: params.batchId ?? '',
  };
  const sheet = useAttendanceSheetQuery(address);
  return (
    <Container size="md" py="lg">
      <QueryState
        label="this session"
        isLoading={sheet.isLoading}
        error={sheet.error}
        isEmpty={false}
        emptyText=""
        onRetry={sheet.refetch}
      >
        {sheet.data ? (
          <Stack gap="lg">
            <Stack gap={4}>
              <Anchor component={Link} to={`/program-content/${sheet.data.program_id}`} size="sm">
                {sheet.data.program_name}
              </Anchor>
              <Title order={1}>{sheet.data.unit_name}</Title>
              <Group gap="xs">
                <Text c="dimmed">{when(sheet.data)}</Text>
                <Badge color={sheet.data.window_open ? 'teal' : 'gray'} variant="light">
                  {sheet.data.window_open ? 'Check-in open' : 'Check-in closed'}
                </Badge>
              </Group>
            </Stack>
            {sheet.data.instructor ? (
              <InstructorSheet address={address} sheet={sheet.data} />
            ) : (
              <LearnerCheckIn address={address} sheet={sheet.data} />
            )}
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
