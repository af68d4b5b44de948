import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SearchField } from '../../../shared/ui/SearchField';
import { type Person, usePeopleQuery } from '../api';

/** Finds people by name for a competition (judges, team invitations) and hands the chosen one back. */
export function PeoplePicker({
  competitionId,
  label,
  action,
  exclude,
  onPick,
}: {
  competitionId: number;
  label: string;
  action: string;
  exclude: number[];
  onPick: (person: Person) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const people = usePeopleQuery(
    { id: competitionId, search: debounced },
    { skip: debounced.trim().length < 2 },
  );
  const searching = search.trim().length >= 2 && debounced.trim().length >= 2;
  const rows = searching ? (people.data ?? []).filter((p) => !exclude.includes(p.user_id)) : [];
  return (
    <Stack gap="xs">
      <SearchField label={label} value={search} onChange={setSearch} />
      {!searching ? (
        <Text size="sm" c="dimmed">
          Type at least two letters of a name.
        </Text>
      ) : null}
      {people.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      {searching && people.data && !people.isFetching && rows.length === 0 ? (
        <Text size="sm">Nobody found.</Text>
      ) : null}
      {rows.map((person) => (
        <Group key={person.user_id} justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm">{person.name}</Text>
            <Text size="xs" c="dimmed">
              {person.email}
            </Text>
          </div>
          <Button size="xs" variant="light" onClick={() => onPick(person)}>
            {action}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
