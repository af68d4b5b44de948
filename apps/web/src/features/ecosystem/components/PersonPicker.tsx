import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SearchField } from '../../../shared/ui/SearchField';
import { useSearchPeopleQuery } from '../../network';

/** Finds a person by name through the network's people search and offers one action on each. */
export function PersonPicker({
  label,
  actionLabel,
  onPick,
  busy,
}: {
  label: string;
  actionLabel: string;
  onPick: (userId: number, name: string) => Promise<unknown>;
  busy: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const people = useSearchPeopleQuery({ search: debounced }, { skip: debounced.length < 2 });
  const found = people.data?.data ?? [];
  return (
    <Stack gap="xs">
      <SearchField label={label} value={search} onChange={setSearch} />
      {debounced.length >= 2 && !people.isFetching && found.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody matches that name.
        </Text>
      ) : null}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {found.slice(0, 6).map((person) => (
          <Group key={person.user_id} component="li" justify="space-between" wrap="nowrap">
            <Text size="sm">{person.name}</Text>
            <Button
              size="xs"
              variant="light"
              loading={busy}
              onClick={async () => {
                await onPick(person.user_id, person.name);
                setSearch('');
              }}
              aria-label={`${actionLabel} ${person.name}`}
            >
              {actionLabel}
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
