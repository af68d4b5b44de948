import { Badge, Button, Container, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { countLabel } from '../../../shared/ui/count-label';
import { ProgramUnavailable } from '../components/ProgramUnavailable';
import { StartDate } from '../components/StartDate';
import { useEnrolMutation, useProgramTreeQuery, useProgressQuery } from '../learning-api';

const KIND_LABELS: Record<string, string> = {
  text: 'Reading',
  video: 'Video',
  document: 'Document',
  assessment: 'Assessment',
  live_session: 'Live session',
};

/** /programs/overview/{programId} (issue 5, part 4): what the program holds, and enrolment. */
export default function ProgramOverviewPage() {
  const programId = Number(useParams().programId);
  const tree = useProgramTreeQuery(programId, { skip: !Number.isInteger(programId) });
  const progress = useProgressQuery(programId, { skip: !Number.isInteger(programId) });
  const [enrol, enrolling] = useEnrolMutation();

  if (tree.isLoading || tree.isError || !tree.data) {
    return <ProgramUnavailable loading={tree.isLoading} error={tree.error} />;
  }
  const program = tree.data;
  const modules = program.program_course.flatMap((course) => course.course_module);
  const unitCount = modules.reduce((sum, module) => sum + module.module_unit.length, 0);
  const share = progress.data?.program;
  const enrolled = progress.data?.enrolled ?? false;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light">{program.program_category}</Badge>
            {program.status === 'draft' ? <Badge color="gray">Draft</Badge> : null}
          </Group>
          <Title order={1}>{program.program_name}</Title>
          {program.description ? <Text>{program.description}</Text> : null}
          <Text size="sm" c="dimmed">
            {countLabel(program.program_course.length, 'course', 'courses')} ·{' '}
            {countLabel(modules.length, 'module', 'modules')} · {countLabel(unitCount, 'unit', 'units')}
            {program.start_date ? (
              <>
                {' · '}
                <StartDate date={program.start_date} />
              </>
            ) : null}
          </Text>
        </Stack>
        <Paper withBorder p="md" radius="md">
          {enrolled ? (
            <Stack gap="xs">
              {share ? (
                <>
                  <Progress value={share.percent} aria-label={`Program: ${share.percent}% done`} />
                  <Text size="sm" c="dimmed">
                    {progress.data?.status === 'completed'
                      ? 'Completed: your certificate is in My library.'
                      : `${share.done} of ${share.total} required units done`}
                  </Text>
                </>
              ) : null}
              <Button component={Link} to={`/program-content/${programId}`} w="fit-content">
                {share && share.done > 0 ? 'Continue' : 'Start'}
              </Button>
            </Stack>
          ) : (
            <Group justify="space-between" wrap="wrap">
              <Text>Enrol to follow the program, keep your place and earn its certificate.</Text>
              <Button onClick={() => enrol(programId)} loading={enrolling.isLoading}>
                Enrol
              </Button>
            </Group>
          )}
          {enrolling.isError ? (
            <Text c="red" size="sm" role="alert" mt="xs">
              {(enrolling.error as HttpQueryError).message}
            </Text>
          ) : null}
        </Paper>
        <Stack gap="md">
          <Title order={2} size="h3">
            Contents
          </Title>
          {program.program_course.length === 0 ? <Text c="dimmed">No courses yet.</Text> : null}
          {program.program_course.map((course) => (
            <Paper key={course.course_id} withBorder p="md" radius="md">
              <Title order={3} size="h4">
                {course.course_name}
              </Title>
              {course.course_module.map((module) => (
                <Stack key={module.module_id} gap={4} mt="sm">
                  <Text fw={500}>{module.module_name}</Text>
                  <List size="sm" spacing={2}>
                    {module.module_unit.map((unit) => (
                      <List.Item key={unit.unit_id}>
                        {unit.unit_name}{' '}
                        <Text span size="xs" c="dimmed">
                          {KIND_LABELS[unit.unit_type] ?? unit.unit_type}
                          {unit.is_required ? '' : ' · optional'}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              ))}
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
