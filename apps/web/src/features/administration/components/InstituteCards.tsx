import { Card, SimpleGrid, Text } from '@mantine/core';
import type { TenantPublic } from '@nexus/contracts';
import { Link } from 'react-router';

/** Institutes as cards, each opening its page (/institute-view?id=). */
export function InstituteCards({ institutes }: { institutes: readonly TenantPublic[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {institutes.map((tenant) => (
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
  );
}
