import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useGetTenantQuery } from '../api';
import { tenantTypeLabel } from '../tenant-types';

/** /institute-view?id={tenant_id}: one organisation's public card. */
export default function InstituteViewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetTenantQuery(id, { skip: !valid });
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Anchor component={Link} to="/search-institute" size="sm">
          Back to the search
        </Anchor>
        <QueryState
          label="the institute"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={!valid || (!query.isLoading && !query.data)}
          emptyText="Choose an institute from the search"
          onRetry={() => query.refetch()}
        >
          {query.data ? (
            <Paper withBorder radius="md" p="lg">
              <Title order={1}>{query.data.tenant_name}</Title>
              <Text c="dimmed">{tenantTypeLabel(query.data.tenant_type)}</Text>
            </Paper>
          ) : null}
        </QueryState>
      </Stack>
    </Container>
  );
}
