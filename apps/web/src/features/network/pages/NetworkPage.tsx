import { Container, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { NetworkPersonCard } from '@nexus/contracts';
import { useState } from 'react';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useSearchPeopleQuery, useSuggestionsQuery } from '../api';
import { CursorList } from '../components/CursorList';
import { NetworkHeader } from '../components/NetworkHeader';
import { PersonCard } from '../components/PersonCard';

function Suggestions() {
  const query = useSuggestionsQuery();
  const items = query.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        People you may know
      </Title>
      <QueryState
        label="suggestions"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText="No suggestions yet: search for people by name, role, organisation or interest above."
        onRetry={() => query.refetch()}
      >
        {items.map((card) => (
          <PersonCard key={card.user_id} card={card} />
        ))}
      </QueryState>
    </Stack>
  );
}

/** /network: people you may know, and a search over people by name, role, organisation and interests. */
export default function NetworkPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <NetworkHeader title="Network" intro="Find people, connect with them and follow what they share." />
        <SearchField
          label="Search people by name, role, organisation or interest"
          value={search}
          onChange={setSearch}
        />
        {debounced ? (
          <Stack gap="sm">
            <Title order={2} size="h3">
              People matching “{debounced}”
            </Title>
            <CursorList<NetworkPersonCard, { search: string; cursor?: string }>
              label="people"
              emptyText="Nobody matches that search. Try a shorter word or another spelling."
              resetKey={debounced}
              query={useSearchPeopleQuery}
              args={(cursor) => ({ search: debounced, cursor })}
              render={(card) => <PersonCard key={card.user_id} card={card} />}
            />
          </Stack>
        ) : (
          <Suggestions />
        )}
      </Stack>
    </Container>
  );
}
