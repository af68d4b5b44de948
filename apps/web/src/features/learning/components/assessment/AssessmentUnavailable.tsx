import { Alert, Center, Container, Loader } from '@mantine/core';
import { ASSESSMENT_MESSAGES } from '@nexus/contracts';
import type { HttpQueryError } from '../../../../shared/api/base-api';

/** The loading and not-found states the assessment pages share. */
export function AssessmentUnavailable({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the assessment" />
      </Center>
    );
  }
  return (
    <Container size="md" py="lg">
      <Alert color="red" title={ASSESSMENT_MESSAGES.notFound} role="alert">
        {(error as HttpQueryError | undefined)?.message ??
          'This assessment does not exist or is not open to you.'}
      </Alert>
    </Container>
  );
}
