import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuthoredKind, AuthorPerson } from '@nexus/contracts';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SearchField } from '../../../shared/ui/SearchField';
import {
  useAddAuthorMutation,
  useAuthorCandidatesQuery,
  useAuthorsQuery,
  useRemoveAuthorMutation,
} from './coauthors-api';

function nameOf(person: AuthorPerson): string {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return full ? `${full} (@${person.username})` : `@${person.username}`;
}

interface CoAuthorsPanelProps {
  kind: AuthoredKind;
  id: number;
  /** The signed-in user: a co-author may leave, and then no longer edits. */
  userId: number;
}

/**
 * Who authors a program or an assessment (docs/learning.md "Authors"): its owner and co-authors. The
 * owner and the scope's administrators add co-authors found by username among the scope's teachers, and remove them after a confirmation; a co-author may leave.
 */
export function CoAuthorsPanel({ kind, id, userId }: CoAuthorsPanelProps) {
  const target = { kind, id };
  const authors = useAuthorsQuery(target);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const manage = authors.data?.can_manage === true;
  const candidates = useAuthorCandidatesQuery(
    { ...target, search: debounced },
    { skip: !manage || !debounced },
  );
  const [add, adding] = useAddAuthorMutation();
  const [remove] = useRemoveAuthorMutation();
  const [pending, setPending] = useState<AuthorPerson | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (authors.isLoading) return <Loader size="sm" aria-label="Loading authors" />;
  if (authors.error) {
    return (
      <Alert color="yellow" role="alert" title="Authors not shown">
        {(authors.error as HttpQueryError).message}
      </Alert>
    );
  }
  const data = authors.data;
  if (!data) return null;

  const addPerson = async (person: AuthorPerson) => {
    setError(null);
    try {
      await add({ ...target, userId: person.user_id }).unwrap();
      setSearch('');
    } catch (failure) {
      setError((failure as HttpQueryError).message);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Owner: <strong>{data.owner ? nameOf(data.owner) : 'an administrator'}</strong>
      </Text>
      {data.co_authors.length === 0 ? (
        <Text size="sm" c="dimmed">
          No co-authors yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} aria-label="Co-authors" style={{ listStyle: 'none' }}>
          {data.co_authors.map((person) => (
            <Group key={person.user_id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {nameOf(person)}
              </Text>
              {manage || person.user_id === userId ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={person.user_id === userId ? 'Leave as co-author' : `Remove ${person.username}`}
                  onClick={() => setPending(person)}
                >
                  {person.user_id === userId ? 'Leave' : 'Remove'}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {manage ? (
        <Stack gap="xs">
          <SearchField
            label="Add a co-author"
            placeholder="Search this scope's teachers by username"
            value={search}
            onChange={setSearch}
          />
          {debounced && candidates.data ? (
            candidates.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody here matches “{debounced}”.
              </Text>
            ) : (
              <Stack
                gap={4}
                component="ul"
                p={0}
                m={0}
                aria-label="People found"
                style={{ listStyle: 'none' }}
              >
                {candidates.data.map((person) => (
                  <Group key={person.user_id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {nameOf(person)}
                    </Text>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconUserPlus size={14} aria-hidden="true" />}
                      aria-label={`Add ${person.username}`}
                      loading={adding.isLoading && adding.originalArgs?.userId === person.user_id}
                      onClick={() => addPerson(person)}
                    >
                      Add
                    </Button>
                  </Group>
                ))}
              </Stack>
            )
          ) : null}
          {candidates.error ? (
            <Text size="sm" c="red" role="alert">
              {(candidates.error as HttpQueryError).message}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.user_id === userId ? 'Stop co-authoring?' : 'Remove this co-author?'}
        message={
          pending?.user_id === userId
            ? `You will no longer be able to change this ${kind}.`
            : `${pending ? nameOf(pending) : ''} will no longer be able to change this ${kind}.`
        }
        confirmLabel={pending?.user_id === userId ? 'Leave' : 'Remove'}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          await remove({ ...target, userId: pending?.user_id ?? 0 }).unwrap();
          setPending(null);
        }}
      />
    </Stack>
  );
}
