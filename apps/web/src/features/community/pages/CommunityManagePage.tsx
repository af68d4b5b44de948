import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Menu,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { CommunityItem, CommunityMember, MemberAction, MemberStatus } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import {
  useAuditLogQuery,
  useDecideMemberMutation,
  useMembersQuery,
  useModeratePostMutation,
  useReportsQuery,
} from '../api';
import { CommunityPicker, errorText, useChosenCommunity } from '../components/CommunityPicker';
import { NoCommunity } from './CommunityMembersPage';

const moderates = (community: CommunityItem) =>
  community.my_role === 'owner' || community.my_role === 'moderator';

function Queue({ community }: { community: CommunityItem }) {
  const [page, setPage] = useState(1);
  const reports = useReportsQuery({ community_id: community.community_id, page });
  const [moderate] = useModeratePostMutation();
  const [removing, setRemoving] = useState<number | null>(null);
  const rows = reports.data?.data ?? [];
  const restore = async (id: number) => {
    try {
      await moderate({ id, action: 'restore' }).unwrap();
      notify.success('Post restored.');
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <QueryState
      label="the moderation queue"
      isLoading={reports.isLoading}
      error={reports.error}
      isEmpty={rows.length === 0}
      emptyText="Nothing to review: no reported or hidden post."
      onRetry={reports.refetch}
    >
      <Stack gap="sm">
        {rows.map((row) => (
          <Paper key={row.post_id} withBorder p="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" fw={600}>
                  {row.author.display_name} in{' '}
                  <Anchor component={Link} to={`/forum/${row.topic_id}#post-${row.post_id}`}>
                    {row.topic_title}
                  </Anchor>
                </Text>
                <Group gap={4}>
                  {row.status !== 'visible' ? (
                    <Badge color={row.status === 'hidden' ? 'orange' : 'red'}>{row.status}</Badge>
                  ) : null}
                  <Badge variant="light">{row.report_count} report(s)</Badge>
                </Group>
              </Group>
              <Text size="sm" lineClamp={3}>
                {row.body.replace(/<[^>]*>/g, ' ')}
              </Text>
              {row.reasons.length > 0 ? (
                <Text size="xs" c="dimmed">
                  Reasons: {row.reasons.join(' · ')}
                </Text>
              ) : null}
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => restore(row.post_id)}>
                  Restore
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => setRemoving(row.post_id)}>
                  Remove
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ListPagination page={page} totalPages={reports.data?.meta.totalPages ?? 1} onChange={setPage} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this post?"
        message="Readers will no longer see it. The removal is recorded in the audit log."
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => moderate({ id: removing!, action: 'remove' }).unwrap()}
      />
    </QueryState>
  );
}

const ACTION_LABELS: Record<MemberAction, string> = {
  approve: 'Approve',
  decline: 'Decline',
  ban: 'Ban',
  unban: 'Lift the ban',
  make_moderator: 'Make moderator',
  make_member: 'Make member',
  remove: 'Remove from the community',
};
const DESTRUCTIVE: MemberAction[] = ['ban', 'remove', 'decline'];

function People({ community, status }: { community: CommunityItem; status: MemberStatus }) {
  const [page, setPage] = useState(1);
  const members = useMembersQuery({ community_id: community.community_id, page, status });
  const [decide] = useDecideMemberMutation();
  const [confirming, setConfirming] = useState<{ member: CommunityMember; action: MemberAction } | null>(
    null,
  );
  const run = async (member: CommunityMember, action: MemberAction) => {
    try {
      await decide({ community_id: community.community_id, user_id: member.user_id, action }).unwrap();
      notify.success('Done.');
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  const choose = (member: CommunityMember, action: MemberAction) =>
    DESTRUCTIVE.includes(action) ? setConfirming({ member, action }) : run(member, action);
  const actionsFor = (member: CommunityMember): MemberAction[] => {
    if (member.role === 'owner') return [];
    if (status === 'pending') return ['approve', 'decline'];
    if (status === 'banned') return ['unban'];
    const roles: MemberAction[] =
      community.my_role === 'owner' ? [member.role === 'moderator' ? 'make_member' : 'make_moderator'] : [];
    return [...roles, 'ban', 'remove'];
  };
  const rows = members.data?.data ?? [];
  const empty = {
    active: 'No members yet.',
    pending: 'No request to join is waiting.',
    banned: 'Nobody is banned.',
  }[status];
  return (
    <QueryState
      label="members"
      isLoading={members.isLoading}
      error={members.error}
      isEmpty={rows.length === 0}
      emptyText={empty}
      onRetry={members.refetch}
    >
      <Stack gap="xs">
        {rows.map((member) => (
          <Paper key={member.user_id} withBorder p="sm">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text size="sm" fw={500}>
                  {member.display_name}{' '}
                  <Text span c="dimmed" size="xs">
                    @{member.username}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {member.role} · asked <RelativeDate date={member.requested_at} />
                </Text>
              </div>
              <Group gap="xs">
                {status === 'pending' ? (
                  actionsFor(member).map((action) => (
                    <Button
                      key={action}
                      size="xs"
                      variant={action === 'approve' ? 'filled' : 'default'}
                      onClick={() => choose(member, action)}
                    >
                      {ACTION_LABELS[action]}
                    </Button>
                  ))
                ) : actionsFor(member).length > 0 ? (
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button size="xs" variant="default">
                        Actions for {member.display_name}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {actionsFor(member).map((action) => (
                        <Menu.Item
                          key={action}
                          color={DESTRUCTIVE.includes(action) ? 'red' : undefined}
                          onClick={() => choose(member, action)}
                        >
                          {ACTION_LABELS[action]}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                ) : null}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ListPagination page={page} totalPages={members.data?.meta.totalPages ?? 1} onChange={setPage} />
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? `${ACTION_LABELS[confirming.action]}: ${confirming.member.display_name}?` : ''}
        message={
          confirming?.action === 'ban'
            ? 'A banned person can no longer post or join again until the ban is lifted.'
            : 'This cannot be undone from here.'
        }
        confirmLabel={confirming ? ACTION_LABELS[confirming.action] : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          decide({
            community_id: community.community_id,
            user_id: confirming!.member.user_id,
            action: confirming!.action,
          }).unwrap()
        }
      />
    </QueryState>
  );
}

function AuditLog({ community }: { community: CommunityItem }) {
  const [page, setPage] = useState(1);
  const log = useAuditLogQuery({ community_id: community.community_id, page });
  const rows = log.data?.data ?? [];
  return (
    <QueryState
      label="the audit log"
      isLoading={log.isLoading}
      error={log.error}
      isEmpty={rows.length === 0}
      emptyText="No moderation action yet."
      onRetry={log.refetch}
    >
      <Stack gap={4}>
        {rows.map((row) => (
          <Text key={row.audit_id} size="sm">
            <RelativeDate date={row.created_at} /> · <b>{row.actor.display_name}</b>{' '}
            {row.action.replace('.', ' ')} ({row.target_kind} {row.target_id})
            {row.detail ? `: ${row.detail}` : ''}
          </Text>
        ))}
      </Stack>
      <ListPagination page={page} totalPages={log.data?.meta.totalPages ?? 1} onChange={setPage} />
    </QueryState>
  );
}

/** /community/manage and /communityManage: the moderation of the chosen community the caller moderates. */
export default function CommunityManagePage() {
  const { current, options, query } = useChosenCommunity(moderates);
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>Manage community</Title>
        <QueryState
          label="your communities"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={options.length === 0}
          emptyText=""
          emptyAction={<NoCommunity moderated />}
          onRetry={query.refetch}
        >
          <Group align="flex-end" wrap="wrap">
            <CommunityPicker options={options} current={current} />
            {current ? (
              <Button variant="default" component={Link} to={`/new-community/${current.community_id}`}>
                Edit details
              </Button>
            ) : null}
          </Group>
          {current ? (
            <Tabs defaultValue="queue" keepMounted={false} mt="md">
              <Tabs.List>
                <Tabs.Tab value="queue">Moderation queue</Tabs.Tab>
                <Tabs.Tab value="requests">Join requests</Tabs.Tab>
                <Tabs.Tab value="members">Members and roles</Tabs.Tab>
                <Tabs.Tab value="banned">Banned</Tabs.Tab>
                <Tabs.Tab value="audit">Audit log</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="queue" pt="md">
                <Queue community={current} />
              </Tabs.Panel>
              <Tabs.Panel value="requests" pt="md">
                <People community={current} status="pending" />
              </Tabs.Panel>
              <Tabs.Panel value="members" pt="md">
                <People community={current} status="active" />
              </Tabs.Panel>
              <Tabs.Panel value="banned" pt="md">
                <People community={current} status="banned" />
              </Tabs.Panel>
              <Tabs.Panel value="audit" pt="md">
                <AuditLog community={current} />
              </Tabs.Panel>
            </Tabs>
          ) : null}
        </QueryState>
      </Stack>
    </Container>
  );
}
