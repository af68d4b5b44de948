import { Alert, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { privacyPolicyCreate, SUPPORT_MESSAGES } from '@nexus/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { usePublishPrivacyPolicyMutation } from '../api';

/** A platform admin publishes the next version; a newer version asks everyone for cookie consent again. */
export function PolicyPublisher({
  nextVersion,
  initialBody,
  onDone,
}: {
  nextVersion: number;
  initialBody: string;
  onDone: () => void;
}) {
  const [version, setVersion] = useState<number | string>(nextVersion);
  const [effective, setEffective] = useState(dayjs().format('YYYY-MM-DD'));
  const [summary, setSummary] = useState('');
  const [body, setBody] = useState(initialBody);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [publish, state] = usePublishPrivacyPolicyMutation();

  const send = async () => {
    const parsed = privacyPolicyCreate.safeParse({
      version: Number(version),
      effective_date: effective,
      summary,
      body,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await publish(parsed.data).unwrap();
      notify.success(SUPPORT_MESSAGES.policyPublished);
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Stack gap="md">
      <Group grow wrap="wrap">
        <NumberInput
          label="Version"
          required
          min={1}
          value={version}
          onChange={setVersion}
          error={errors.version}
        />
        <TextInput
          type="date"
          label="In effect from"
          required
          value={effective}
          onChange={(e) => setEffective(e.currentTarget.value)}
          error={errors.effective_date}
        />
      </Group>
      <TextInput
        label="What changed (optional)"
        value={summary}
        onChange={(e) => setSummary(e.currentTarget.value)}
        error={errors.summary}
      />
      <RichTextField label="Policy text" value={body} onChange={setBody} error={errors.body} />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={send} loading={state.isLoading}>
          Publish version
        </Button>
      </Group>
    </Stack>
  );
}
