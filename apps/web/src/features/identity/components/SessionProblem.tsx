import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

interface SessionProblemProps {
  title: string;
  message: string;
  onRetry: () => void;
}

/** Error state of the session checks (private-route guard, /account-callback): retry or sign in again. */
export function SessionProblem({ title, message, onRetry }: SessionProblemProps) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} fz="h3">
            {title}
          </Title>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            <Text size="sm">{message}</Text>
          </Alert>
          <Group gap="sm" grow>
            <Button onClick={onRetry}>Try again</Button>
            <Button component={Link} to="/login" variant="default">
              Go to sign in
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
