import '@mantine/charts/styles.css';
import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useReportQuery } from '../assessment-api';
import { AssessmentUnavailable } from '../components/assessment/AssessmentUnavailable';
import { ExportCsvButton } from '../components/assessment/ExportCsvButton';
import { QuestionReportCard } from '../components/assessment/QuestionReportCard';
import { ReportTotals } from '../components/assessment/ReportTotals';
import { ResponsesSection } from '../components/assessment/ResponsesSection';

/**
 * /survey-report/{assessmentId}: authors see totals, each learner's response (which they may reopen)
 * and per-question statistics over submitted responses.
 */
export default function SurveyReportPage() {
  const id = Number(useParams().assessmentId);
  const valid = Number.isInteger(id) && id > 0;
  const report = useReportQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });

  if (!valid || report.isLoading || report.isError || !report.data) {
    return <AssessmentUnavailable loading={valid && report.isLoading} error={report.error} />;
  }
  const { assessment, questions } = report.data;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to="/assessments" size="sm">
              My assessments
            </Anchor>
            <Anchor component={Link} to={`/assessment/manage/${id}`} size="sm">
              Edit
            </Anchor>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{assessment.kind === 'quiz' ? 'Quiz' : 'Survey'}</Badge>
            {assessment.status === 'draft' ? <Badge color="gray">Draft</Badge> : null}
          </Group>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={1}>Report: {assessment.title}</Title>
            <ExportCsvButton assessmentId={id} />
          </Group>
          <Text size="sm" c="dimmed">
            Statistics count submitted responses; the CSV lists every response with its answers.
          </Text>
        </Stack>
        <ReportTotals report={report.data} />
        <ResponsesSection assessmentId={id} />
        {questions.length === 0 ? <Text c="dimmed">This assessment has no questions yet.</Text> : null}
        {questions.map((question, index) => (
          <QuestionReportCard key={question.question_id} question={question} index={index} />
        ))}
      </Stack>
    </Container>
  );
}
