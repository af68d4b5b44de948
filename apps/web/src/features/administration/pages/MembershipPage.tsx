import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { tenantHomePath } from '../../../shared/session/home-path';
import { useActorId } from '../../../shared/session/use-actor';
import { QueryState } from '../../../shared/ui/QueryState';
import { useUserTenantsQuery } from '../api';
import { tenantTypeLabel } from '../tenant-types';

/** /membership: the organisations the user belongs to, each opening its home, and a way to create one. */
export default function MembershipPage() {
  const userId = useActorId();
  const query = useUserTenantsQuery(userId, { skip: !userId });
  const rows = query.data ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>Membership</Title>
          <Button component={Link} to="/tenant-setup" variant="light">
            Set up an organisation
          </Button>
        </Group>
        <QueryState
          label="your organisations"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText="You are not a member of any organisation yet"
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {rows.map((tenant) => (
              <Card
                key={tenant.tenant_id}
                component={Link}
                to={tenantHomePath(tenant, { role_id: 0, role_view: 'user' })}
                withBorder
                radius="md"
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Text fw={600}>{tenant.tenant_name}</Text>
                <Text size="xs" c="dimmed">
                  {tenantTypeLabel(tenant.tenant_type)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </QueryState>
      </Stack>
    </Container>
  );
}
