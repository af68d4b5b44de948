import { Alert, Badge, Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@nexus/contracts';
import { IconAlertCircle, IconLogin, IconUserCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { errorMessage, errorStatus, http } from '../../../shared/api/http';
import { openSignInPopup } from '../sign-in-popup';
import { popupSignInUrl } from '../sign-in-url';

interface Attempt {
  id: number;
  at: string;
  action: 'popup' | 'session';
  outcome: string;
  ok: boolean;
  elapsedMs: number;
  /** What /auth/profile answered afterwards, as text. */
  answer: string;
}

/** The session the server sees now, as the profile call answers it. */
async function readSession(): Promise<{ ok: boolean; answer: string }> {
  try {
    const response = await http.get('/auth/profile');
    return { ok: true, answer: JSON.stringify(response.data, null, 2) };
  } catch (error) {
    return {
      ok: false,
      answer: `${errorStatus(error) ?? ''} ${errorMessage(error, MESSAGES.requestFailed)}`.trim(),
    };
  }
}

/**
 * /sso-initiate-test (issue 22 point 5): administrators start the hosted sign-in in its 500x600 popup,
 * as the login page does, and see what came back: the popup's outcome and the session the server then
 * reports. Nothing here changes who is signed in on this page until the popup succeeds.
 */
export default function SsoInitiateTestPage() {
  const user = useAppSelector((state) => state.auth.user);
  const isAdmin = Boolean(user?.roles?.some((role) => role.role_view === 'admin'));
  const [attempts, setAttempts] = useState<Attempt[]>([]);
  const [busy, setBusy] = useState(false);

  const counter = useRef(0);
  const record = (attempt: Omit<Attempt, 'id'>) => {
    counter.current += 1;
    const id = counter.current;
    setAttempts((list) => [{ ...attempt, id }, ...list].slice(0, 10));
  };

  const startPopup = () => {
    const started = performance.now();
    // Opened inside the click: browsers block popups opened later.
    const outcome = openSignInPopup(popupSignInUrl(window.location.origin));
    setBusy(true);
    outcome
      .then(async (status) => {
        const session = await readSession();
        record({
          at: new Date().toLocaleTimeString(),
          action: 'popup',
          outcome: status === 'success' ? 'Signed in' : 'Cancelled: the popup was closed',
          ok: status === 'success' && session.ok,
          elapsedMs: Math.round(performance.now() - started),
          answer: session.answer,
        });
      })
      .catch((error: unknown) =>
        record({
          at: new Date().toLocaleTimeString(),
          action: 'popup',
          outcome: error instanceof Error ? error.message : MESSAGES.requestFailed,
          ok: false,
          elapsedMs: Math.round(performance.now() - started),
          answer: '',
        }),
      )
      .finally(() => setBusy(false));
  };

  const checkSession = async () => {
    const started = performance.now();
    const session = await readSession();
    record({
      at: new Date().toLocaleTimeString(),
      action: 'session',
      outcome: session.ok ? 'Session found' : 'No session',
      ok: session.ok,
      elapsedMs: Math.round(performance.now() - started),
      answer: session.answer,
    });
  };

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Sign-in test</Title>
          <Text c="dimmed">Start the hosted sign-in as people meet it and see what the server answers.</Text>
        </div>
        {!isAdmin ? (
          <Alert color="yellow" icon={<IconAlertCircle aria-hidden="true" />} title="For administrators">
            This page is for platform and organisation administrators. Switch to an administrator role to use
            it.
          </Alert>
        ) : (
          <Card withBorder padding="md">
            <Group gap="sm" wrap="wrap">
              <Button leftSection={<IconLogin size={16} />} onClick={startPopup} loading={busy}>
                Start the hosted sign-in
              </Button>
              <Button
                variant="light"
                leftSection={<IconUserCheck size={16} />}
                onClick={() => void checkSession()}
              >
                Read the current session
              </Button>
            </Group>
          </Card>
        )}
        {attempts.length === 0 ? (
          isAdmin ? (
            <Text c="dimmed">No attempt yet. The results of each attempt show here, newest first.</Text>
          ) : null
        ) : (
          <Stack
            gap="sm"
            component="ol"
            aria-label="Attempts"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {attempts.map((attempt) => (
              <Card withBorder padding="md" component="li" key={attempt.id}>
                <Stack gap="xs">
                  <Group gap="xs" wrap="wrap">
                    <Badge color={attempt.ok ? 'teal' : 'red'} variant="light">
                      {attempt.outcome}
                    </Badge>
                    <Text size="sm">{attempt.action === 'popup' ? 'Hosted sign-in' : 'Session check'}</Text>
                    <Text size="xs" c="dimmed">
                      {attempt.at} · {attempt.elapsedMs} ms
                    </Text>
                  </Group>
                  {attempt.answer ? (
                    <Code
                      block
                      style={{
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-word',
                        maxHeight: 320,
                        overflow: 'auto',
                      }}
                    >
                      {attempt.answer}
                    </Code>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
