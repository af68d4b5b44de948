import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useAssessmentQuery, useQuestionsQuery } from '../assessment-api';
import { CoAuthorsPanel } from '../authoring/CoAuthorsPanel';
import { useAuthorsQuery } from '../authoring/coauthors-api';
import { useAuthoringScope } from '../authoring/use-authoring-session';
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
  const scope = useAuthoringScope();
  const inScope = assessment.data !== undefined && assessment.data.tenant_id === scope.tenantId;
  // The owner, co-authors and the scope's admins change an assessment; the server's 403 here tells
  // anyone else at once, before they fill in a form it would refuse.
  const authors = useAuthorsQuery({ kind: 'assessment', id }, { skip: !inScope });
  const notAuthor = (authors.error as HttpQueryError | undefined)?.status === 403;
  // Wait for the first answer only: the Authors panel asks again after a failure, and that retry must
  // not take the builder away.
  const deciding = inScope && authors.isLoading && authors.error === undefined;

  if (
    !valid ||
    assessment.isLoading ||
    questions.isLoading ||
    deciding ||
    assessment.isError ||
    !assessment.data
  ) {
    return (
      <AssessmentUnavailable
        loading={valid && (assessment.isLoading || questions.isLoading || deciding)}
        error={assessment.error}
      />
    );
  }
  if (questions.isError) return <AssessmentUnavailable loading={false} error={questions.error} />;
  const current = assessment.data;
  const list = questions.data ?? [];
  const readOnly = !inScope || notAuthor;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to="/assessments" size="sm">
              My assessments
            </Anchor>
            {readOnly ? null : (
              <Anchor component={Link} to={`/assessment/${id}`} size="sm">
                Preview
              </Anchor>
            )}
            <Anchor component={Link} to={`/survey-report/${id}`} size="sm">
              Report
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            Assessment builder
          </Text>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {current.title}
          </Title>
          {readOnly ? (
            <Badge size="lg" variant="dot" color={current.status === 'published' ? 'green' : 'gray'}>
              {current.status === 'published' ? 'Published' : 'Draft'}
            </Badge>
          ) : (
            <PublishControl assessment={current} questionCount={list.length} />
          )}
        </Stack>
        {!inScope ? (
          // Inside a tenant the platform's assessments are readable but only the platform changes them.
          <Alert color="yellow" role="alert" title="You cannot change this assessment here">
            {`It belongs to ${current.tenant_id === null ? 'the whole platform' : 'another organisation'}, where it is changed.`}
          </Alert>
        ) : notAuthor ? (
          <Alert color="yellow" role="alert" title="You cannot change this assessment">
            {(authors.error as HttpQueryError).message}
          </Alert>
        ) : null}
        {readOnly ? (
          // Someone who may not change it takes it where learners do: no controls that would fail.
          <Button component={Link} to={`/assessment/${id}`} variant="light" w="fit-content">
            Open the assessment
          </Button>
        ) : (
          <>
            <Paper withBorder radius="md" p="md">
              <AssessmentSettingsForm key={current.assessment_id} assessment={current} />
            </Paper>
            <BuilderQuestions assessment={current} questions={list} />
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="assessment-authors">
              <Stack gap="sm">
                <Title order={2} size="h4" id="assessment-authors">
                  Authors
                </Title>
                <CoAuthorsPanel kind="assessment" id={current.assessment_id} userId={scope.userId} />
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
