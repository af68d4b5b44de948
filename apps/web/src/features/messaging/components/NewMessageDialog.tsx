import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGING_LIMITS, type MessagingPerson } from '@nexus/contracts';
import { type FormEvent, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { useCreateConversationMutation } from '../api';
import { PeoplePicker } from './PeoplePicker';

interface NewMessageDialogProps {
  opened: boolean;
  onClose: () => void;
  onOpened: (conversationId: number) => void;
}

/** Starts a conversation with people one may reach: one person is a direct conversation, more a group. */
export function NewMessageDialog({ opened, onClose, onOpened }: NewMessageDialogProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<MessagingPerson[]>([]);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateConversationMutation();

  const close = () => {
    setSearch('');
    setChosen([]);
    setTitle('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    const group = chosen.length > 1;
    const result = await create({
      member_ids: chosen.map((p) => p.user_id),
      ...(group ? { type: 'group' as const, ...(title.trim() ? { title: title.trim() } : {}) } : {}),
    });
    if ('error' in result) return setError((result.error as HttpQueryError).message);
    onOpened(result.data.conversation_id);
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title="New message">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          {chosen.length > 0 && <Text size="sm">To: {chosen.map((p) => p.name).join(', ')}</Text>}
          <PeoplePicker
            active={opened}
            search={search}
            onSearch={setSearch}
            chosen={chosen}
            onChosen={setChosen}
            searchLabel="Search people"
            listLabel="People you can message"
            empty={{
              searched: 'Nobody you can message matches this search.',
              none: 'There is nobody you can message yet.',
            }}
          />
          {chosen.length > 1 && (
            <TextInput
              label="Group name (optional)"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              maxLength={MESSAGING_LIMITS.titleMax}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading} disabled={chosen.length === 0}>
              {chosen.length > 1 ? 'Start group' : 'Start conversation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
