import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { NetworkPerson, NetworkPersonCard } from '@nexus/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import {
  useAcceptConnectionMutation,
  useDropConnectionMutation,
  useFollowMutation,
  useSendConnectionMutation,
  useUnfollowMutation,
} from '../api';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Who a person is: photo, name (to their profile) and headline, with what the page adds around it. */
export function PersonLine({
  person,
  extra,
  actions,
}: {
  person: NetworkPerson;
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Avatar src={person.profile_image} alt="" radius="xl" size="lg">
            {initials(person.name)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/profile/${person.user_id}`} fw={600}>
              {person.name}
            </Anchor>
            {person.headline ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {person.headline}
              </Text>
            ) : null}
            {extra}
          </Stack>
        </Group>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** A person found or suggested: where the caller stands with them, and the one next step. */
export function PersonCard({ card }: { card: NetworkPersonCard }) {
  const [send, sending] = useSendConnectionMutation();
  const [accept, accepting] = useAcceptConnectionMutation();
  const [drop, dropping] = useDropConnectionMutation();
  const [follow, following] = useFollowMutation();
  const [unfollow, unfollowing] = useUnfollowMutation();
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error, 'That did not work. Try again.'));
    }
  };
  const name = card.name;
  const connectionButton = (() => {
    switch (card.connection) {
      case 'connected':
        return (
          <Badge color="teal.9" variant="filled">
            Connected
          </Badge>
        );
      case 'sent':
        return (
          <Button
            size="xs"
            variant="default"
            loading={dropping.isLoading}
            aria-label={`Withdraw request to ${name}`}
            onClick={() =>
              run(
                () => drop({ id: card.connection_id!, verb: 'withdrawConnection' }).unwrap(),
                'Request withdrawn.',
              )
            }
          >
            Withdraw request
          </Button>
        );
      case 'received':
        return (
          <Button
            size="xs"
            loading={accepting.isLoading}
            aria-label={`Accept request from ${name}`}
            onClick={() =>
              run(() => accept(card.connection_id!).unwrap(), `You are now connected with ${name}.`)
            }
          >
            Accept
          </Button>
        );
      default:
        return (
          <Button
            size="xs"
            loading={sending.isLoading}
            aria-label={`Connect with ${name}`}
            onClick={() => run(() => send({ user_id: card.user_id }).unwrap(), `Request sent to ${name}.`)}
          >
            Connect
          </Button>
        );
    }
  })();
  return (
    <PersonLine
      person={card}
      extra={
        <>
          {card.organisations.length > 0 ? (
            <Text size="xs" c="dimmed">
              {card.organisations.slice(0, 3).join(' · ')}
            </Text>
          ) : null}
          {card.reason ? (
            <Text size="xs" c="dimmed">
              {card.reason}
            </Text>
          ) : null}
        </>
      }
      actions={
        <>
          {connectionButton}
          {card.following ? (
            <Button
              size="xs"
              variant="subtle"
              loading={unfollowing.isLoading}
              aria-label={`Unfollow ${name}`}
              onClick={() => run(() => unfollow(card.user_id).unwrap(), `You no longer follow ${name}.`)}
            >
              Unfollow
            </Button>
          ) : (
            <Button
              size="xs"
              variant="subtle"
              loading={following.isLoading}
              aria-label={`Follow ${name}`}
              onClick={() => run(() => follow(card.user_id).unwrap(), `You follow ${name}.`)}
            >
              Follow
            </Button>
          )}
        </>
      }
    />
  );
}
