import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAssessmentAuthor } from '../assessment-author';
import { ManagedAssessments } from '../components/assessment/ManagedAssessments';
import { MyResponsesTable } from '../components/assessment/MyResponsesTable';

/** /assessments: my responses, and for authors the assessments they manage. */
export default function MyAssessmentsPage() {
  const author = useAssessmentAuthor();
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <div>
          <Title order={1}>My assessments</Title>
          <Text c="dimmed">
            Quizzes and surveys you have started or submitted.{' '}
            <Anchor component={Link} to="/explore-assessments" underline="always">
              Explore assessments
            </Anchor>
          </Text>
        </div>
        <Stack gap="sm">
          <Title order={2} size="h3">
            My responses
          </Title>
          <MyResponsesTable />
        </Stack>
        {author ? <ManagedAssessments /> : null}
      </Stack>
    </Container>
  );
}
