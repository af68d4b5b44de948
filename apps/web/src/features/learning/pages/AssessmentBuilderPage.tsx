import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useActorId } from '../../administration/use-actor';
import { useAssessmentQuery, useQuestionsQuery } from '../assessment-api';
import { CoAuthorsPanel } from '../authoring/CoAuthorsPanel';
import { AssessmentSettingsForm } from '../components/assessment/AssessmentSettingsForm';
import { AssessmentUnavailable } from '../components/assessment/AssessmentUnavailable';
import { BuilderQuestions } from '../components/assessment/BuilderQuestions';
import { PublishControl } from '../components/assessment/PublishControl';

/** /assessment/manage/{assessmentId} (not a spec route): authors edit an assessment and its questions. */
export default function AssessmentBuilderPage() {
  const id = Number(useParams().assessmentId);
  const valid = Number.isInteger(id) && id > 0;
  const assessment = useAssessmentQuery(id, { skip: !valid });
  const questions = useQuestionsQuery(id, { skip: !valid });
  const userId = useActorId();

  if (!valid || assessment.isLoading || questions.isLoading || assessment.isError || !assessment.data) {
    return (
      <AssessmentUnavailable
        loading={valid && (assessment.isLoading || questions.isLoading)}
        error={assessment.error}
      />
    );
  }
  if (questions.isError) return <AssessmentUnavailable loading={false} error={questions.error} />;
  const current = assessment.data;
  const list = questions.data ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to="/assessments" size="sm">
              My assessments
            </Anchor>
            <Anchor component={Link} to={`/assessment/${id}`} size="sm">
              Preview
            </Anchor>
            <Anchor component={Link} to={`/survey-report/${id}`} size="sm">
              Report
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            Assessment builder
          </Text>
          <Title order={1}>{current.title}</Title>
          <PublishControl assessment={current} questionCount={list.length} />
        </Stack>
        <Paper withBorder radius="md" p="md">
          <AssessmentSettingsForm key={current.assessment_id} assessment={current} />
        </Paper>
        <BuilderQuestions assessment={current} questions={list} />
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="assessment-authors">
          <Stack gap="sm">
            <Title order={2} size="h4" id="assessment-authors">
              Authors
            </Title>
            <CoAuthorsPanel kind="assessment" id={current.assessment_id} userId={userId} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
