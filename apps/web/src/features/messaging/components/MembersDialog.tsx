import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ConversationItem, MessagingPerson } from '@nexus/contracts';
import { type FormEvent, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useAddMembersMutation, useRemoveMemberMutation, useTransferOwnershipMutation } from '../api';
import classes from './Messaging.module.css';
import { PeoplePicker } from './PeoplePicker';

interface MembersDialogProps {
  opened: boolean;
  conversation: ConversationItem;
  onClose: () => void;
}

type Confirming = { kind: 'remove' | 'owner'; person: MessagingPerson };

/**
 * A group's members. Its owner adds people they may message (all chosen or none), removes a member and
 * hands over ownership, each far-reaching step confirmed first; other members see who is in it and
 * who owns it.
 */
export function MembersDialog({ opened, conversation, onClose }: MembersDialogProps) {
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [removeMember] = useRemoveMemberMutation();
  const [transferOwnership] = useTransferOwnershipMutation();
  const id = conversation.conversation_id;
  const isOwner = conversation.my_role === 'owner';
  const owner = conversation.members.find((person) => person.user_id === conversation.owner_id);

  const runConfirmed = async () => {
    if (!confirming) return;
    const { person } = confirming;
    if (confirming.kind === 'remove') {
      await removeMember({ id, userId: person.user_id }).unwrap();
      notify.success(`${person.name} was removed from the group.`);
    } else {
      await transferOwnership({ id, userId: person.user_id }).unwrap();
      notify.success(`${person.name} now owns the group.`);
    }
  };

  return (
    <>
      <Modal opened={opened && confirming === null} onClose={onClose} title="Group members">
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {conversation.members.length + 1} {conversation.members.length === 0 ? 'member' : 'members'}
            </Title>
            <ul className={classes.memberList} aria-label="Members">
              <li className={classes.memberRow}>
                <Group gap="xs">
                  <Text fw={500}>You</Text>
                  {isOwner && <Badge variant="light">Owner</Badge>}
                </Group>
              </li>
              {conversation.members.map((person) => (
                <li key={person.user_id} className={classes.memberRow}>
                  <Group gap="xs" style={{ minWidth: 0 }}>
                    <Text fw={500} truncate>
                      {person.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      @{person.username}
                    </Text>
                    {person.user_id === conversation.owner_id && <Badge variant="light">Owner</Badge>}
                  </Group>
                  {isOwner && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Make owner: ${person.name}`}
                        onClick={() => setConfirming({ kind: 'owner', person })}
                      >
                        Make owner
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`Remove ${person.name}`}
                        onClick={() => setConfirming({ kind: 'remove', person })}
                      >
                        Remove
                      </Button>
                    </Group>
                  )}
                </li>
              ))}
            </ul>
          </Stack>
          {isOwner ? (
            <AddPeople conversation={conversation} opened={opened} />
          ) : (
            <Text size="sm" c="dimmed">
              {owner
                ? `Only the group's owner, ${owner.name}, can add or remove members.`
                : "Only the group's owner can add or remove members."}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming?.kind === 'remove'
            ? `Remove ${confirming.person.name} from the group?`
            : `Make ${confirming?.person.name ?? ''} the owner?`
        }
        message={
          confirming?.kind === 'remove'
            ? 'They will no longer see this conversation or receive its messages. You can add them again later.'
            : 'They will be able to add and remove members. You stay in the group as a member and can no longer manage it.'
        }
        confirmLabel={confirming?.kind === 'remove' ? 'Remove' : 'Make owner'}
        confirmColor={confirming?.kind === 'remove' ? 'red' : 'blue'}
        onCancel={() => setConfirming(null)}
        onConfirm={runConfirmed}
      />
    </>
  );
}

/** The owner's picker: people they may message who are not in the group yet. */
function AddPeople({ conversation, opened }: { conversation: ConversationItem; opened: boolean }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<MessagingPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [addMembers, { isLoading }] = useAddMembersMutation();
  const inGroup = new Set(conversation.members.map((person) => person.user_id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    const result = await addMembers({
      id: conversation.conversation_id,
      memberIds: chosen.map((p) => p.user_id),
    });
    if ('error' in result) return setError((result.error as HttpQueryError).message);
    notify.success(
      chosen.length === 1 ? `${chosen[0]?.name} was added.` : `${chosen.length} people were added.`,
    );
    setChosen([]);
    setSearch('');
    setError(null);
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Add people
        </Title>
        {chosen.length > 0 && <Text size="sm">Adding: {chosen.map((p) => p.name).join(', ')}</Text>}
        <PeoplePicker
          active={opened}
          search={search}
          onSearch={setSearch}
          chosen={chosen}
          onChosen={setChosen}
          searchLabel="Search people to add"
          listLabel="People you can add"
          exclude={inGroup}
          empty={{
            searched: 'Nobody you can add matches this search.',
            none: 'Everyone you can message is already in this group.',
          }}
          maxHeight={220}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} disabled={chosen.length === 0}>
            {chosen.length > 1 ? `Add ${chosen.length} people` : 'Add to group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
