import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AssessmentResponse } from '@nexus/contracts';
import { Link, useParams } from 'react-router';
import { useAttemptQuery } from '../assessment-api';
import { useAssessmentAuthor } from '../assessment-author';
import { AssessmentUnavailable } from '../components/assessment/AssessmentUnavailable';

function myStatus(response: AssessmentResponse | null) {
  if (!response) return { label: 'Not started', action: 'Start' };
  if (!response.is_completed) return { label: 'In progress', action: 'Continue' };
  return { label: 'Submitted', action: 'View result' };
}

/** /assessment-overview/{assessmentId}: what the assessment is, where I stand, and the way in. */
export default function AssessmentOverviewPage() {
  const id = Number(useParams().assessmentId);
  const valid = Number.isInteger(id) && id > 0;
  const attempt = useAttemptQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const author = useAssessmentAuthor();

  if (!valid || attempt.isLoading || attempt.isError || !attempt.data) {
    return <AssessmentUnavailable loading={valid && attempt.isLoading} error={attempt.error} />;
  }
  const { assessment, questions, response } = attempt.data;
  const status = myStatus(response);
  const quiz = assessment.kind === 'quiz';
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light">{quiz ? 'Quiz' : 'Survey'}</Badge>
            {assessment.status === 'draft' ? <Badge color="gray">Draft</Badge> : null}
          </Group>
          <Title order={1}>{assessment.title}</Title>
          {assessment.description ? <Text>{assessment.description}</Text> : null}
        </Stack>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="xl" wrap="wrap">
              <div>
                <Text size="xs" c="dimmed">
                  Questions
                </Text>
                <Text fw={600}>{questions.length}</Text>
              </div>
              {quiz ? (
                <div>
                  <Text size="xs" c="dimmed">
                    Pass mark
                  </Text>
                  <Text fw={600}>{assessment.pass_mark === null ? 'None' : `${assessment.pass_mark}%`}</Text>
                </div>
              ) : null}
              <div>
                <Text size="xs" c="dimmed">
                  My status
                </Text>
                <Text fw={600}>{status.label}</Text>
              </div>
              {quiz && response?.is_completed ? (
                <div>
                  <Text size="xs" c="dimmed">
                    My score
                  </Text>
                  <Text fw={600}>
                    {response.percent ?? 0}% · {response.passed ? 'Passed' : 'Failed'}
                  </Text>
                </div>
              ) : null}
            </Group>
            <Group gap="sm">
              <Button component={Link} to={`/assessment/${id}`}>
                {status.action}
              </Button>
              {author ? (
                <>
                  <Button component={Link} to={`/assessment/manage/${id}`} variant="default">
                    Edit
                  </Button>
                  <Button component={Link} to={`/survey-report/${id}`} variant="default">
                    Report
                  </Button>
                </>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
