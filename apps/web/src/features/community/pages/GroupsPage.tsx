import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, type GroupItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCreateGroupMutation, useGroupsQuery, useJoinGroupMutation } from '../api';
import { CommunityPicker, errorText, useChosenCommunity } from '../components/CommunityPicker';
import { NoCommunity } from './CommunityMembersPage';

export function GroupCard({ group }: { group: GroupItem }) {
  const [join, joining] = useJoinGroupMutation();
  const [leaving, setLeaving] = useState(false);
  const run = async (on: boolean) => {
    try {
      await join({ id: group.group_id, join: on }).unwrap();
      notify.success(on ? `You joined ${group.name}.` : `You left ${group.name}.`);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs" h="100%">
        <Title order={3} size="h5">
          {group.name}
        </Title>
        <Text size="xs" c="dimmed">
          in {group.community_name} · {group.member_count} member{group.member_count === 1 ? '' : 's'}
        </Text>
        {group.description ? (
          <Text size="sm" lineClamp={3}>
            {group.description}
          </Text>
        ) : null}
        <Group mt="auto" justify="space-between" wrap="wrap">
          {group.is_member && group.forum_id ? (
            <Anchor
              component={Link}
              size="sm"
              to={`/community/${group.community_id}/discussion-forum?forum=${group.forum_id}`}
            >
              Community forum
            </Anchor>
          ) : (
            <span />
          )}
          {group.is_member ? (
            <Group gap="xs">
              <Badge variant="light">Member</Badge>
              <Button size="xs" variant="default" onClick={() => setLeaving(true)}>
                Leave
              </Button>
            </Group>
          ) : (
            <Button size="xs" loading={joining.isLoading} onClick={() => run(true)}>
              Join group
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={leaving}
        title={`Leave ${group.name}?`}
        message="You can join again later."
        confirmLabel="Leave"
        onCancel={() => setLeaving(false)}
        onConfirm={() => join({ id: group.group_id, join: false }).unwrap()}
      />
    </Card>
  );
}

function GroupComposer({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, state] = useCreateGroupMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(COMMUNITY_MESSAGES.groupNameEmpty);
      return;
    }
    try {
      await create({ community_id: communityId, name, description }).unwrap();
      notify.success('Group created.');
      onDone();
    } catch (failure) {
      notify.error(errorText(failure));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          maxLength={COMMUNITY_LIMITS.nameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={state.isLoading}>
            Create group
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /community/groups: the groups of the chosen community, to join; /group-manage: the same with
 * creating a group (any active member may; its creator owns it and its forum).
 */
export function GroupsView({ manage }: { manage: boolean }) {
  const { current, options, query } = useChosenCommunity();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const groups = useGroupsQuery({ community_id: current?.community_id, page }, { skip: !current });
  const rows = groups.data?.data ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{manage ? 'Manage groups' : 'Groups'}</Title>
          {current ? <Button onClick={() => setComposing(true)}>New group</Button> : null}
        </Group>
        <QueryState
          label="your communities"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={options.length === 0}
          emptyText=""
          emptyAction={<NoCommunity />}
          onRetry={query.refetch}
        >
          <CommunityPicker options={options} current={current} />
          <QueryState
            label="groups"
            isLoading={groups.isLoading}
            error={groups.error}
            isEmpty={rows.length === 0}
            emptyText="This community has no group yet. Create the first one."
            onRetry={groups.refetch}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
              {rows.map((group) => (
                <GroupCard key={group.group_id} group={group} />
              ))}
            </SimpleGrid>
            <ListPagination
              page={page}
              totalPages={groups.data?.meta.totalPages ?? 1}
              onChange={setPage}
              summary={countLabel(groups.data?.meta.total ?? 0, 'group', 'groups')}
            />
          </QueryState>
        </QueryState>
      </Stack>
      <Modal opened={composing} onClose={() => setComposing(false)} title="New group">
        {composing && current ? (
          <GroupComposer communityId={current.community_id} onDone={() => setComposing(false)} />
        ) : null}
      </Modal>
    </Container>
  );
}

export default function GroupsPage() {
  return <GroupsView manage={false} />;
}
