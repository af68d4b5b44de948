import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useMyStartupsQuery } from '../api';
import { failure } from './form-errors';

/**
 * Applying with one of my startups: to a cohort (a pitch) or to a call (a message). `submit` makes the
 * call; the server refuses a second application, a closed cohort or call, or a startup not mine.
 */
export function ApplyDialog({
  opened,
  onClose,
  title,
  textLabel,
  minText,
  note,
  submit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  textLabel: string;
  minText: number;
  note?: string;
  submit: (startupId: number, text: string) => Promise<unknown>;
}) {
  const startups = useMyStartupsQuery();
  const [startupId, setStartupId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ startup?: string; text?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const mine = startups.data ?? [];
  const chosen = startupId ?? (mine.length === 1 ? String(mine[0]!.startup_id) : null);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!chosen) found.startup = 'Choose the startup that applies.';
    if (text.trim().length < minText) found.text = `${textLabel} must be at least ${minText} characters.`;
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    setBusy(true);
    try {
      await submit(Number(chosen), text.trim());
      notify.success('Application sent.');
      onClose();
    } catch (error) {
      setErrors({ form: failure(error, 'The application was not sent. Try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {startups.isSuccess && mine.length === 0 ? (
        <Stack gap="sm">
          <Text>Add your startup first: applications are made in a startup’s name.</Text>
          <Button component={Link} to="/find-project" w="fit-content">
            Add your startup
          </Button>
        </Stack>
      ) : (
        <form onSubmit={send} noValidate>
          <Stack gap="sm">
            {errors.form ? (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            ) : null}
            {note ? <Text size="sm">{note}</Text> : null}
            <Select
              label="Startup"
              required
              data={mine.map((s) => ({ value: String(s.startup_id), label: s.name }))}
              value={chosen}
              onChange={setStartupId}
              error={errors.startup}
            />
            <Textarea
              label={textLabel}
              required={minText > 0}
              autosize
              minRows={4}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={errors.text}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Send application
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
