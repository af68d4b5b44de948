import { Button, Container, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ConnectionItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { SearchField } from '../../../shared/ui/SearchField';
import { useConnectionsQuery, useDropConnectionMutation, useOpenConversationMutation } from '../api';
import { CursorList } from '../components/CursorList';
import { NetworkHeader } from '../components/NetworkHeader';
import { PersonLine } from '../components/PersonCard';

function ConnectionRow({
  item,
  onRemove,
}: {
  item: ConnectionItem;
  onRemove: (item: ConnectionItem) => void;
}) {
  const navigate = useNavigate();
  const [open, opening] = useOpenConversationMutation();
  const message = async () => {
    try {
      const id = await open(item.person.user_id).unwrap();
      navigate(`/messages?c=${id}`);
    } catch (error) {
      notify.error(errorMessage(error, 'The conversation could not be opened. Try again.'));
    }
  };
  return (
    <PersonLine
      person={item.person}
      extra={
        item.accepted_at ? (
          <Text size="xs" c="dimmed">
            Connected {relativeDateLabel(item.accepted_at)}
          </Text>
        ) : null
      }
      actions={
        <>
          <Button
            size="xs"
            loading={opening.isLoading}
            onClick={message}
            aria-label={`Message ${item.person.name}`}
          >
            Message
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => onRemove(item)}
            aria-label={`Remove ${item.person.name}`}
          >
            Remove
          </Button>
        </>
      }
    />
  );
}

/** /community/my-connections: the people I am connected with; message them, or remove a connection. */
export default function MyConnectionsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [removing, setRemoving] = useState<ConnectionItem | null>(null);
  const [drop] = useDropConnectionMutation();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <NetworkHeader title="My connections" intro="The people you are connected with." />
        <SearchField label="Search my connections by name" value={search} onChange={setSearch} />
        <CursorList<ConnectionItem, { search: string; cursor?: string }>
          label="connections"
          emptyText={
            debounced ? 'None of your connections matches that name.' : 'You have no connections yet.'
          }
          emptyAction={
            <Button component={Link} to="/network" variant="light">
              Find people to connect with
            </Button>
          }
          resetKey={debounced}
          query={useConnectionsQuery}
          args={(cursor) => ({ search: debounced, cursor })}
          render={(item) => <ConnectionRow key={item.connection_id} item={item} onRemove={setRemoving} />}
        />
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this connection?"
        message={`${removing?.person.name ?? 'They'} will no longer be among your connections. You can ask to connect again later.`}
        confirmLabel="Remove connection"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await drop({ id: removing.connection_id, verb: 'deleteConnection' }).unwrap();
          notify.success('Connection removed.');
        }}
      />
    </Container>
  );
}
