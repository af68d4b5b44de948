import { Card, Container, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
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
        <TextInput
          type="search"
          aria-label="Search institutes"
          placeholder="Institute name"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
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
