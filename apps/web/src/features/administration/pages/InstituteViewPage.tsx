import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useGetTenantQuery, useTenantsByTypeQuery } from '../api';
import { InstituteCards } from '../components/InstituteCards';
import { tenantTypeLabel } from '../tenant-types';

/** Opened without an institute (a bookmark, the menu): the institutes to choose from, not an empty page. */
function ChooseInstitute() {
  const query = useTenantsByTypeQuery('institute');
  const institutes = query.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>Choose an institute</Title>
      <QueryState
        label="institutes"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={institutes.length === 0}
        emptyText="No institutes yet"
        onRetry={() => query.refetch()}
      >
        <InstituteCards institutes={institutes} />
      </QueryState>
    </Stack>
  );
}

/** /institute-view?id={tenant_id}: one organisation's public card. */
export default function InstituteViewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetTenantQuery(id, { skip: !valid });
  return (
    <Container size={valid ? 'sm' : 'lg'} py="lg">
      <Stack gap="md">
        <Anchor component={Link} to="/search-institute" size="sm">
          Back to the search
        </Anchor>
        {valid ? (
          <QueryState
            label="the institute"
            isLoading={query.isLoading}
            error={query.error}
            isEmpty={!query.isLoading && !query.data}
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
        ) : (
          <ChooseInstitute />
        )}
      </Stack>
    </Container>
  );
}
