import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGING_LIMITS, type MessagingPerson } from '@nexus/contracts';
import { type FormEvent, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { SearchField } from '../../../shared/ui/SearchField';
import { useCreateConversationMutation, useGetPeopleQuery } from '../api';

interface NewMessageDialogProps {
  opened: boolean;
  onClose: () => void;
  onOpened: (conversationId: number) => void;
}

/** Starts a conversation with people one may reach: one person is a direct conversation, more a group. */
export function NewMessageDialog({ opened, onClose, onOpened }: NewMessageDialogProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<MessagingPerson[]>([]);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const people = useGetPeopleQuery(debounced, { skip: !opened });
  const [create, { isLoading }] = useCreateConversationMutation();
  const isChosen = (person: MessagingPerson) => chosen.some((p) => p.user_id === person.user_id);
  const toggle = (person: MessagingPerson) =>
    setChosen((list) =>
      isChosen(person) ? list.filter((p) => p.user_id !== person.user_id) : [...list, person],
    );

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

  const list = people.data ?? [];
  return (
    <Modal opened={opened} onClose={close} title="New message">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <SearchField label="Search people" value={search} onChange={setSearch} />
          {chosen.length > 0 && <Text size="sm">To: {chosen.map((p) => p.name).join(', ')}</Text>}
          <Stack
            gap={4}
            mah={280}
            style={{ overflowY: 'auto' }}
            aria-label="People you can message"
            role="group"
          >
            {people.isLoading || people.isFetching ? (
              <Group justify="center" py="md">
                <Loader size="sm" aria-label="Loading people" />
              </Group>
            ) : people.error ? (
              <Alert color="red" role="alert">
                {(people.error as HttpQueryError).message}{' '}
                <Button size="compact-xs" variant="light" onClick={() => void people.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : list.length === 0 ? (
              <Text c="dimmed" size="sm" py="md" ta="center">
                {debounced
                  ? 'Nobody you can message matches this search.'
                  : 'There is nobody you can message yet.'}
              </Text>
            ) : (
              list.map((person) => (
                <Checkbox
                  key={person.user_id}
                  label={`${person.name} (@${person.username})`}
                  checked={isChosen(person)}
                  onChange={() => toggle(person)}
                />
              ))
            )}
          </Stack>
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
