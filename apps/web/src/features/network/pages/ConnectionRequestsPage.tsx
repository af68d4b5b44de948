import { Button, Container, Stack, Tabs, Text } from '@mantine/core';
import type { ConnectionItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { useAcceptConnectionMutation, useConnectionRequestsQuery, useDropConnectionMutation } from '../api';
import { CursorList } from '../components/CursorList';
import { NetworkHeader } from '../components/NetworkHeader';
import { PersonLine } from '../components/PersonCard';

function RequestRow({ item }: { item: ConnectionItem }) {
  const [accept, accepting] = useAcceptConnectionMutation();
  const [drop, dropping] = useDropConnectionMutation();
  const name = item.person.name;
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error, 'That did not work. Try again.'));
    }
  };
  return (
    <PersonLine
      person={item.person}
      extra={
        <>
          {item.message ? <Text size="sm">“{item.message}”</Text> : null}
          <Text size="xs" c="dimmed">
            {item.direction === 'received' ? 'Asked' : 'Sent'} {relativeDateLabel(item.created_at)}
          </Text>
        </>
      }
      actions={
        item.direction === 'received' ? (
          <>
            <Button
              size="xs"
              loading={accepting.isLoading}
              aria-label={`Accept request from ${name}`}
              onClick={() =>
                run(() => accept(item.connection_id).unwrap(), `You are now connected with ${name}.`)
              }
            >
              Accept
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={dropping.isLoading}
              aria-label={`Decline request from ${name}`}
              onClick={() =>
                run(
                  () => drop({ id: item.connection_id, verb: 'declineConnection' }).unwrap(),
                  'Request declined.',
                )
              }
            >
              Decline
            </Button>
          </>
        ) : (
          <Button
            size="xs"
            variant="default"
            loading={dropping.isLoading}
            aria-label={`Withdraw request to ${name}`}
            onClick={() =>
              run(
                () => drop({ id: item.connection_id, verb: 'withdrawConnection' }).unwrap(),
                'Request withdrawn.',
              )
            }
          >
            Withdraw
          </Button>
        )
      }
    />
  );
}

/** /community/connections: connection requests received (to accept or decline) and sent (to withdraw). */
export default function ConnectionRequestsPage() {
  const [tab, setTab] = useState<'received' | 'sent'>('received');
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <NetworkHeader
          title="Connection requests"
          intro="Answer the people who asked to connect, or follow up on yours."
        />
        <Tabs value={tab} onChange={(value) => setTab((value as 'received' | 'sent') ?? 'received')}>
          <Tabs.List>
            <Tabs.Tab value="received">Received</Tabs.Tab>
            <Tabs.Tab value="sent">Sent</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <CursorList<ConnectionItem, { direction: 'received' | 'sent'; cursor?: string }>
          label="connection requests"
          emptyText={
            tab === 'received'
              ? 'No requests waiting for you.'
              : 'You have no requests waiting for an answer.'
          }
          emptyAction={
            <Button component={Link} to="/network" variant="light">
              Find people to connect with
            </Button>
          }
          resetKey={tab}
          query={useConnectionRequestsQuery}
          args={(cursor) => ({ direction: tab, cursor })}
          render={(item) => <RequestRow key={item.connection_id} item={item} />}
        />
      </Stack>
    </Container>
  );
}
