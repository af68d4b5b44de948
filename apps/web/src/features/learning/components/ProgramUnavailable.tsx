import { Alert, Center, Container, Loader } from '@mantine/core';
import type { HttpQueryError } from '../../../shared/api/base-api';

/** The loading and not-found states the program pages share. */
export function ProgramUnavailable({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the program" />
      </Center>
    );
  }
  return (
    <Container size="md" py="lg">
      <Alert color="red" title="Program not found" role="alert">
        {(error as HttpQueryError | undefined)?.message ??
          'This program does not exist or is not open to you.'}
      </Alert>
    </Container>
  );
}
