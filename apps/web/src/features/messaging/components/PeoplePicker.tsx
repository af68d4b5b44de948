import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MessagingPerson } from '@nexus/contracts';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { SearchField } from '../../../shared/ui/SearchField';
import { useGetPeopleQuery } from '../api';

interface PeoplePickerProps {
  /** Only asks for people while the dialog around it is open. */
  active: boolean;
  search: string;
  onSearch: (value: string) => void;
  chosen: readonly MessagingPerson[];
  onChosen: (next: MessagingPerson[]) => void;
  searchLabel: string;
  listLabel: string;
  /** People never offered (those already in a group). */
  exclude?: ReadonlySet<number>;
  /** What an empty list says with and without a search word. */
  empty: { searched: string; none: string };
  maxHeight?: number;
}

/** People the caller may message, searched by name, chosen with checkboxes. */
export function PeoplePicker({
  active,
  search,
  onSearch,
  chosen,
  onChosen,
  searchLabel,
  listLabel,
  exclude,
  empty,
  maxHeight = 280,
}: PeoplePickerProps) {
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const people = useGetPeopleQuery(debounced, { skip: !active });
  const candidates = (people.data ?? []).filter((person) => !exclude?.has(person.user_id));
  const isChosen = (person: MessagingPerson) => chosen.some((p) => p.user_id === person.user_id);
  const toggle = (person: MessagingPerson) =>
    onChosen(isChosen(person) ? chosen.filter((p) => p.user_id !== person.user_id) : [...chosen, person]);

  return (
    <>
      <SearchField label={searchLabel} value={search} onChange={onSearch} />
      <Stack gap={4} mah={maxHeight} style={{ overflowY: 'auto' }} role="group" aria-label={listLabel}>
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
        ) : candidates.length === 0 ? (
          <Text c="dimmed" size="sm" py="sm" ta="center">
            {debounced ? empty.searched : empty.none}
          </Text>
        ) : (
          candidates.map((person) => (
            <Checkbox
              key={person.user_id}
              label={`${person.name} (@${person.username})`}
              checked={isChosen(person)}
              onChange={() => toggle(person)}
            />
          ))
        )}
      </Stack>
    </>
  );
}
