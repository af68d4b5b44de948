import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { AI_LIMITS, AI_MESSAGES, SUGGESTION_CATEGORIES, SUGGESTION_CATEGORY_LABELS } from '@nexus/contracts';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/http';
import { useTryProviderMutation } from '../api';
import { SuggestionsPanel } from '../components/SuggestionsPanel';

/**
 * /gemini-test (issue 20 point 3): administrators send a prompt to the configured provider and read
 * its raw answer; with no provider configured, the built-in suggester's answer shows instead. Below,
 * the suggestion panels as people meet them.
 */
export default function GeminiTestPage() {
  const [prompt, setPrompt] = useState('Suggest three programs for a founder who needs funding.');
  const [problem, setProblem] = useState<string | null>(null);
  const [tryProvider, trial] = useTryProviderMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim() === '') {
      setProblem(AI_MESSAGES.promptNeeded);
      return;
    }
    setProblem(null);
    const answer = await tryProvider({ prompt });
    if ('error' in answer) setProblem(errorMessage(answer.error, 'The request failed.'));
  };

  const result = trial.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>AI suggestions test</Title>
          <Text c="dimmed">
            Try the configured AI provider (AI_BASE_URL, AI_API_KEY, AI_MODEL) and see its raw answer.
          </Text>
        </div>
        <Card withBorder padding="md" component="form" onSubmit={submit} aria-label="Try the provider">
          <Stack gap="sm">
            <Textarea
              label="Prompt"
              value={prompt}
              onChange={(event) => setPrompt(event.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={AI_LIMITS.promptMax}
              error={problem === AI_MESSAGES.promptNeeded ? problem : undefined}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={trial.isLoading}>
                Send
              </Button>
            </Group>
          </Stack>
        </Card>
        {problem && problem !== AI_MESSAGES.promptNeeded ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert" title="Not sent">
            {problem}
          </Alert>
        ) : null}
        {result ? (
          <Card withBorder padding="md" aria-label="Answer">
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">
                  {result.provider === 'builtin' ? 'Built-in suggester' : 'OpenAI-compatible'}
                </Badge>
                {result.model ? <Badge variant="outline">{result.model}</Badge> : null}
                <Badge color={result.ok ? 'teal' : 'red'} variant="light">
                  {result.ok ? 'Answered' : 'Failed'}
                </Badge>
                <Text size="xs" c="dimmed">
                  {result.elapsed_ms} ms
                </Text>
              </Group>
              {result.notice ? (
                <Text size="sm" role="status">
                  {result.notice}
                </Text>
              ) : null}
              <Code
                block
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 420, overflow: 'auto' }}
              >
                {result.raw || '(empty answer)'}
              </Code>
            </Stack>
          </Card>
        ) : null}
        <Title order={2} size="h3">
          Suggestions as people see them
        </Title>
        {SUGGESTION_CATEGORIES.map((category) => (
          <SuggestionsPanel key={category} category={category} title={SUGGESTION_CATEGORY_LABELS[category]} />
        ))}
      </Stack>
    </Container>
  );
}
