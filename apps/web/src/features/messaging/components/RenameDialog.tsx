import { Button, Group, Stack, TextInput } from '@mantine/core';
import { MESSAGING_LIMITS } from '@nexus/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { useUpdateConversationMutation } from '../api';

interface RenameDialogProps {
  opened: boolean;
  conversationId: number;
  title: string;
  onClose: () => void;
}

/** Renames a group conversation. */
export function RenameDialog({ opened, conversationId, title, onClose }: RenameDialogProps) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useUpdateConversationMutation();
  useEffect(() => {
    if (opened) setValue(title);
  }, [opened, title]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await rename({ id: conversationId, title: value.trim() });
    if ('error' in result) return setError((result.error as HttpQueryError).message);
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Rename group">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <TextInput
            label="Group name"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            maxLength={MESSAGING_LIMITS.titleMax}
            required
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading} disabled={value.trim() === ''}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
