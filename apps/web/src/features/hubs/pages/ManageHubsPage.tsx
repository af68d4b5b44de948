import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { HUB_LIMITS, HUB_MESSAGES, hubSlug } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { errorMessage } from '../../../shared/api/http';
import { administeredTenants, setTenantContext } from '../../../shared/tenancy/tenant-context';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCreateHubMutation, useDeleteHubMutation, useHubsQuery } from '../api';

const PAGE_SIZE = 20;

/**
 * /manage-hubs (issue 22): the hubs the caller edits. Platform admins see the platform's hubs (and,
 * inside a tenant, its pages too); a tenant admin sees the tenant's own pages and makes new ones.
 */
export default function ManageHubsPage() {
  const [page, setPage] = useState(1);
  const query = useHubsQuery({ page, limit: PAGE_SIZE, view: 'manage' });
  const tenant = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? state.auth.currentTenant : null,
  );
  const user = useAppSelector((state) => state.auth.user);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const [remove] = useDeleteHubMutation();
  const rows = query.data?.data ?? [];

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1}>Hubs</Title>
          <Text c="dimmed">
            Change what a hub shows: add, order and filter its blocks, preview the draft, then publish.
          </Text>
        </div>
        {tenant ? <NewTenantHub tenantName={tenant.tenant_name} /> : <AdministeredTenantPages />}
        <QueryState
          label="the hubs"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText="There is no hub for you to edit. Platform administrators edit the platform's hubs; an organisation's administrators make its own pages."
          onRetry={() => query.refetch()}
        >
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((hub) => (
              <Card key={hub.hub_id} withBorder padding="sm" component="li">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Anchor component={Link} to={`/manage-hubs/${hub.hub_id}`} fw={600}>
                      {hub.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {hub.tenant_id === null ? hub.path : `Your organisation's page: ${hub.path}`}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    {!hub.published_at ? (
                      <Badge color="gray.8">Not published</Badge>
                    ) : hub.has_changes ? (
                      <Badge color="red.9">Unpublished changes</Badge>
                    ) : (
                      <Badge color="green.9">Published</Badge>
                    )}
                    {hub.tenant_id !== null ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting({ id: hub.hub_id, title: hub.title })}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
          <ListPagination page={page} totalPages={query.data?.meta.totalPages ?? 1} onChange={setPage} />
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this hub page?"
        message={`"${deleting?.title ?? ''}" goes away for your organisation's members.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting || !user) return;
          await remove({ id: deleting.id, userId: user.user_id }).unwrap();
          setDeleting(null);
          notify.success(HUB_MESSAGES.deleted);
        }}
      />
    </Container>
  );
}

/**
 * On the main platform, an organisation's administrator is offered to enter it here: its own pages
 * are made and listed inside it (the list and the form follow the current tenant).
 */
function AdministeredTenantPages() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const tenants = useAppSelector((state) => state.auth.availableTenants);
  const administered = administeredTenants(user, tenants);
  if (administered.length === 0) return null;
  return (
    <Card withBorder padding="md" aria-label="Your organisations' pages">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Your organisations' own hub pages are made inside them, for their members.</Text>
        <Group gap="xs">
          {administered.map(({ tenant, role }) => (
            <Button
              key={tenant.tenant_id}
              size="xs"
              variant="light"
              onClick={() => void dispatch(setTenantContext({ tenant, role, route: '/manage-hubs' }))}
            >
              Pages of {tenant.tenant_name}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** A tenant admin's new page: its address on the tenant home and a title; the editor does the rest. */
function NewTenantHub({ tenantName }: { tenantName: string }) {
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ slug?: string; title?: string; form?: string }>({});
  const [create, creating] = useCreateHubMutation();
  const navigate = useNavigate();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const slugCheck = hubSlug.safeParse(slug);
    const next = {
      slug: slugCheck.success ? undefined : slugCheck.error.issues[0]?.message,
      title: title.trim() ? undefined : HUB_MESSAGES.titleEmpty,
    };
    setErrors(next);
    if (next.slug || next.title) return;
    try {
      const hub = await create({
        slug,
        draft: {
          title: title.trim(),
          intro: `What ${tenantName} offers its members.`,
          audience: `Members of ${tenantName}`,
          theme: ['welcome'],
          blocks: [{ kind: 'events', title: 'Upcoming events' }],
        },
      }).unwrap();
      notify.success(HUB_MESSAGES.created);
      navigate(`/manage-hubs/${hub.hub_id}`);
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The page could not be made.') });
    }
  };
  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} aria-label="New hub page">
      <Stack gap="sm">
        <Title order={2} size="h4">
          New page for {tenantName}
        </Title>
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Title"
            required
            maxLength={HUB_LIMITS.titleMax}
            value={title}
            error={errors.title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <TextInput
            label="Address"
            description="Lower-case letters, digits and dashes"
            required
            maxLength={HUB_LIMITS.slugMax}
            value={slug}
            error={errors.slug}
            onChange={(event) => setSlug(event.currentTarget.value)}
          />
        </Group>
        <Group>
          <Button type="submit" loading={creating.isLoading}>
            Make the page
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
