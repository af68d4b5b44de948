import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useTenantsByTypeQuery } from '../api';

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
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {rows.map((tenant) => (
              <Card
                key={tenant.tenant_id}
                component={Link}
                to={`/institute-view?id=${tenant.tenant_id}`}
                withBorder
                radius="md"
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Text fw={600}>{tenant.tenant_name}</Text>
                <Text size="xs" c="dimmed">
                  Institute
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </QueryState>
      </Stack>
    </Container>
  );
}
