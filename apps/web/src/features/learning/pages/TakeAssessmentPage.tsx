import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useAttemptQuery } from '../assessment-api';
import { AssessmentUnavailable } from '../components/assessment/AssessmentUnavailable';
import { AttemptForm } from '../components/assessment/AttemptForm';

/** /assessment/{assessment_id}: take a quiz or survey, resume it, submit it once and see the result. */
export default function TakeAssessmentPage() {
  const id = Number(useParams().assessment_id);
  const valid = Number.isInteger(id) && id > 0;
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
          <Anchor component={Link} to={`/assessment-overview/${id}`} size="sm">
            About this assessment
          </Anchor>
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
        <AttemptForm key={id} attempt={attempt.data} />
      </Stack>
    </Container>
  );
}
