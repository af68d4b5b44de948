import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { TenantHubs } from '../../hubs';
import { tenantTypeLabel } from '../tenant-types';

/** /t/{tenant_type}/{tenant_name}/user/home: the home of a member inside one organisation. */
export default function TenantHomePage() {
  const { tenant_type: type = '', tenant_name: name = '' } = useParams();
  const tenants = useAppSelector((state) => state.auth.availableTenants);
  const role = useAppSelector((state) => state.auth.currentRole);
  const tenant = tenants.find((item) => item.tenant_type === type && item.tenant_name === name);
  const user = useAppSelector((state) => state.auth.user);
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1}>{name}</Title>
          <Text c="dimmed">{tenantTypeLabel(type)}</Text>
        </div>
        {tenant ? (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Text>
                Welcome{user?.firstName ? `, ${user.firstName}` : ''}. This is your space in {name}.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/membership" variant="light">
                  Your organisations
                </Button>
                {role?.role_view === 'admin' ? (
                  <Button
                    component={Link}
                    to={`/t/${encodeURIComponent(type)}/${encodeURIComponent(name)}/admin-center`}
                  >
                    Admin center
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Alert color="yellow" title="Not a member" role="alert">
            You are not a member of this organisation.
          </Alert>
        )}
        {tenant ? <TenantHubs tenantId={tenant.tenant_id} /> : null}
      </Stack>
    </Container>
  );
}
