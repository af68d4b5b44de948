import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { nextUnit, previousUnit, unitSequence } from '@nexus/contracts';
import { IconArrowLeft, IconArrowRight, IconCertificate, IconCheck } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ProgramOutline } from '../components/ProgramOutline';
import { ProgramUnavailable } from '../components/ProgramUnavailable';
import { UnitView } from '../components/UnitView';
import {
  useCompleteUnitMutation,
  useEnrolMutation,
  useProgramTreeQuery,
  useProgressQuery,
  useSelectUnitMutation,
} from '../learning-api';
import { unitSelected } from '../modules-slice';

/**
 * /program-content/{programId}, .../course-content/{courseId} and .../module-content/{moduleId}
 * (issue 5, part 4): the outline with progress, the open unit, Mark complete, and Back and Next by the
 * rule of spec section 4 (across modules and courses). The learner resumes at the unit last opened.
 */
export default function ProgramContentPage() {
  const params = useParams();
  const programId = Number(params.programId);
  const courseId = params.courseId ? Number(params.courseId) : undefined;
  const moduleId = params.moduleId ? Number(params.moduleId) : undefined;
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const tree = useProgramTreeQuery(programId, { skip: !Number.isInteger(programId) });
  const progress = useProgressQuery(programId, { skip: !Number.isInteger(programId) });
  const [enrol, enrolling] = useEnrolMutation();
  const [complete, completing] = useCompleteUnitMutation();
  const [select] = useSelectUnitMutation();

  const sequence = useMemo(() => (tree.data ? unitSequence(tree.data) : []), [tree.data]);
  const inScope = sequence.filter(
    (place) =>
      (courseId === undefined || place.course_id === courseId) &&
      (moduleId === undefined || place.module_id === moduleId),
  );
  const requested = Number(search.get('unit'));
  const resume = progress.data?.selected_unit_id ?? null;
  const current =
    sequence.find((place) => place.unit_id === requested) ??
    (courseId === undefined && resume ? sequence.find((place) => place.unit_id === resume) : undefined) ??
    inScope[0];
  const unit = tree.data?.program_course
    .flatMap((c) => c.course_module)
    .flatMap((m) => m.module_unit)
    .find((u) => u.unit_id === current?.unit_id);
  const enrolled = progress.data?.enrolled ?? false;

  useEffect(() => {
    if (current && tree.data) dispatch(unitSelected({ program_id: programId, ...current }));
  }, [current, tree.data, dispatch, programId]);

  const open = (unitId: number) => {
    const place = sequence.find((item) => item.unit_id === unitId);
    if (!place) return;
    const outside =
      (courseId !== undefined && place.course_id !== courseId) ||
      (moduleId !== undefined && place.module_id !== moduleId);
    if (outside) navigate(`/program-content/${programId}?unit=${unitId}`);
    else setSearch({ unit: String(unitId) });
    if (enrolled) void select({ programId, unitId });
  };

  if (tree.isLoading || progress.isLoading || tree.isError || !tree.data) {
    return <ProgramUnavailable loading={tree.isLoading || progress.isLoading} error={tree.error} />;
  }
  const done = new Set(progress.data?.completed_unit_ids ?? []);
  const certificate = progress.data?.certificate ?? null;
  const next = current ? nextUnit(tree.data, current.unit_id) : null;
  const back = current ? previousUnit(tree.data, current.unit_id) : null;
  const share = progress.data?.program;
  // Passing the quiz completes an assessment unit (UnitView says so), so there is nothing to mark.
  const completesByQuiz = unit?.unit_type === 'assessment';

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <div>
          <Anchor component={Link} to={`/programs/overview/${programId}`} size="sm">
            {tree.data.program_name}
          </Anchor>
          <Title order={1}>
            {moduleId !== undefined
              ? tree.data.program_course.flatMap((c) => c.course_module).find((m) => m.module_id === moduleId)
                  ?.module_name
              : courseId !== undefined
                ? tree.data.program_course.find((c) => c.course_id === courseId)?.course_name
                : tree.data.program_name}
          </Title>
        </div>
        {share ? (
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={share.percent}
              style={{ flex: 1 }}
              aria-label={`Program: ${share.percent}% done`}
            />
            <Text size="sm" c="dimmed">
              {share.done} of {share.total} required units
            </Text>
          </Group>
        ) : null}
        {!enrolled ? (
          <Alert title="Enrol to start" color="blue">
            <Group justify="space-between">
              <Text size="sm">Enrol to mark units complete, keep your place and earn the certificate.</Text>
              <Button onClick={() => enrol(programId)} loading={enrolling.isLoading}>
                Enrol
              </Button>
            </Group>
          </Alert>
        ) : null}
        {certificate ? (
          <Alert color="teal" title="Program complete" icon={<IconCertificate aria-hidden="true" />}>
            Your certificate is ready.{' '}
            <Anchor
              component={Link}
              to={`/certification/${certificate.user_id}/${certificate.public_key}`}
              underline="always"
            >
              View and download it
            </Anchor>
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md">
              <ProgramOutline
                tree={tree.data}
                progress={progress.data}
                currentUnitId={current?.unit_id ?? null}
                onSelect={open}
                courseId={courseId}
                moduleId={moduleId}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="lg" radius="md">
              {unit ? (
                <Stack gap="lg">
                  <UnitView unit={unit} programId={programId} />
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Button
                      variant="default"
                      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                      disabled={!back}
                      onClick={() => back && open(back.unit_id)}
                    >
                      Back
                    </Button>
                    {enrolled ? (
                      done.has(unit.unit_id) ? (
                        <Text size="sm" c="teal.9" fw={500}>
                          <IconCheck size={14} aria-hidden="true" /> Completed
                        </Text>
                      ) : completesByQuiz ? null : (
                        <Button
                          color="teal.9"
                          loading={completing.isLoading}
                          onClick={() => {
                            // A refusal is shown from the mutation's error below the unit.
                            void complete({ programId, unitId: unit.unit_id })
                              .unwrap()
                              .catch(() => null);
                          }}
                        >
                          Mark complete
                        </Button>
                      )
                    ) : null}
                    <Button
                      rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                      disabled={!next}
                      onClick={() => next && open(next.unit_id)}
                    >
                      Next
                    </Button>
                  </Group>
                  {completing.isError && completing.originalArgs?.unitId === unit.unit_id ? (
                    <Alert color="orange" role="alert">
                      {(completing.error as HttpQueryError).message}
                    </Alert>
                  ) : null}
                </Stack>
              ) : (
                <Text c="dimmed">No units here yet.</Text>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
