import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { HIRING_LIMITS } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useDeclineManyMutation } from '../api';

interface Props {
  ids: number[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Declines the chosen applications with one message to each applicant: all of them or none. */
export function DeclineDialog({ ids, opened, onClose, onDone }: Props) {
  const [message, setMessage] = useState(
    'Thank you for applying. We have decided not to move forward this time.',
  );
  const [error, setError] = useState<string | null>(null);
  const [decline, state] = useDeclineManyMutation();
  const confirm = async () => {
    setError(null);
    if (!message.trim()) {
      setError('Write a message to the applicants.');
      return;
    }
    try {
      const result = await decline({ application_ids: ids, message: message.trim() }).unwrap();
      notify.success(
        `${result.declined} ${result.declined === 1 ? 'application' : 'applications'} declined.`,
      );
      onDone();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Decline ${ids.length} ${ids.length === 1 ? 'applicant' : 'applicants'}`}
    >
      <Stack gap="md">
        <Text size="sm">Each applicant is told, with this message. This cannot be undone from here.</Text>
        <Textarea
          label="Message to the applicants"
          withAsterisk
          autosize
          minRows={3}
          maxLength={HIRING_LIMITS.messageMax}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={state.isLoading} onClick={confirm}>
            Decline and notify
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
