import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAttemptQuery } from '../assessment-api';
import { AssessmentUnavailable } from '../components/assessment/AssessmentUnavailable';
import { AttemptForm } from '../components/assessment/AttemptForm';

/** /assessment/{assessment_id}: take a quiz or survey, resume it, submit it once and see the result. */
export default function TakeAssessmentPage() {
  const id = Number(useParams().assessment_id);
  const valid = Number.isInteger(id) && id > 0;
  // A program's assessment unit links here with ?program=&unit= (UnitView).
  const [search] = useSearchParams();
  const programId = Number(search.get('program'));
  const fromProgram = Number.isInteger(programId) && programId > 0;
  const unitId = Number(search.get('unit'));
  const backTo = `/program-content/${programId}${Number.isInteger(unitId) && unitId > 0 ? `?unit=${unitId}` : ''}`;
  // Always fetched afresh: answers saved on another device must not be overwritten by a stale copy.
  const attempt = useAttemptQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });

  if (!valid || attempt.isLoading || attempt.isError || !attempt.data) {
    return <AssessmentUnavailable loading={valid && attempt.isLoading} error={attempt.error} />;
  }
  const { assessment } = attempt.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="md">
            {fromProgram ? (
              <Anchor component={Link} to={backTo} size="sm">
                Back to the program
              </Anchor>
            ) : null}
            <Anchor component={Link} to={`/assessment-overview/${id}`} size="sm">
              About this assessment
            </Anchor>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{assessment.kind === 'quiz' ? 'Quiz' : 'Survey'}</Badge>
            {assessment.kind === 'quiz' && assessment.pass_mark !== null ? (
              <Text size="sm" c="dimmed">
                Pass mark {assessment.pass_mark}%
              </Text>
            ) : null}
          </Group>
          <Title order={1}>{assessment.title}</Title>
          {assessment.description ? <Text>{assessment.description}</Text> : null}
        </Stack>
        <AttemptForm key={id} attempt={attempt.data} responseFor={fromProgram ? 'program' : undefined} />
      </Stack>
    </Container>
  );
}
