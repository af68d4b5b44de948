import { Container, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useTenantsByTypeQuery } from '../api';
import { InstituteCards } from '../components/InstituteCards';

/** /search-institute (spec section 2): organisations of type institute, filtered by name as you type. */
export default function SearchInstitutePage() {
  const query = useTenantsByTypeQuery('institute');
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter((tenant) => tenant.tenant_name.toLowerCase().includes(wanted));
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>Find an institute</Title>
        <SearchField
          label="Search institutes"
          hideLabel
          placeholder="Institute name"
          value={search}
          onChange={setSearch}
        />
        <QueryState
          label="institutes"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText={wanted ? 'No institute matches your search' : 'No institutes yet'}
          onRetry={() => query.refetch()}
        >
          <InstituteCards institutes={rows} />
        </QueryState>
      </Stack>
    </Container>
  );
}
