import { Alert, Anchor, Badge, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { FILES_API } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useDeleteStartupMutation, useStartupQuery } from '../api';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { Loaded, routeId } from '../components/Loaded';
import { countryLabel, money, sectorLabel, stageLabel } from '../components/labels';
import { StartupForm } from '../components/StartupForm';

/**
 * /startup-project/overview/{startupId}: a startup's profile. Traction and the pitch deck show only to
 * its owner and to the centers and investors it applied to; the owner edits, deletes and applies.
 */
export default function StartupOverviewPage() {
  const id = routeId(useParams().startupId);
  const query = useStartupQuery(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove] = useDeleteStartupMutation();
  const navigate = useNavigate();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Startup"
          intro="A startup of the ecosystem: what it does, its team and its stage."
        />
        <Loaded query={query} label="startup">
          {(startup) => (
            <Stack gap="lg">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <Title order={2}>{startup.name}</Title>
                  {startup.can_edit ? (
                    <Group gap="xs">
                      <Button variant="light" onClick={() => setEditing(true)}>
                        Edit startup
                      </Button>
                      <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                        Delete
                      </Button>
                    </Group>
                  ) : null}
                </Group>
                <Group gap={6}>
                  <Badge variant="light">{sectorLabel(startup.sector)}</Badge>
                  <Badge variant="outline" color="gray">
                    {stageLabel(startup.stage)}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {countryLabel(startup.country)} · founded by{' '}
                    <Anchor
                      component={Link}
                      to={`/profile/${startup.owner.user_id}`}
                      inherit
                      underline="always"
                    >
                      {startup.owner.name}
                    </Anchor>
                  </Text>
                </Group>
                {startup.tagline ? <Text fw={600}>{startup.tagline}</Text> : null}
                {startup.description ? <Text>{startup.description}</Text> : null}
                {startup.website ? (
                  <Anchor href={startup.website} target="_blank" rel="noopener noreferrer">
                    {startup.website}
                  </Anchor>
                ) : null}
                {startup.funding_asked ? <Text>Raising {money(startup.funding_asked)}</Text> : null}
              </Stack>
              <Stack gap="xs">
                <Title order={2} size="h3">
                  Team
                </Title>
                {startup.team.length > 0 ? (
                  <List>
                    {startup.team.map((member) => (
                      <List.Item key={`${member.name}-${member.role}`}>
                        {member.name}
                        {member.role ? ` · ${member.role}` : ''}
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text c="dimmed">No team listed yet.</Text>
                )}
              </Stack>
              {startup.can_see_private ? (
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    Traction and deck (private)
                  </Title>
                  <Text>{startup.traction || 'No traction noted yet.'}</Text>
                  {startup.deck_file_id ? (
                    <Anchor href={`${FILES_API}/content/${startup.deck_file_id}`}>
                      Download the pitch deck
                    </Anchor>
                  ) : (
                    <Text c="dimmed">No pitch deck uploaded.</Text>
                  )}
                </Stack>
              ) : (
                <Alert color="gray" title="Traction and deck are private">
                  The founder shares them with the centers and investors the startup applies to.
                </Alert>
              )}
              {startup.can_edit ? (
                <Group gap="sm">
                  <Button component={Link} to="/explore-project" variant="light">
                    Apply to a cohort
                  </Button>
                  <Button component={Link} to="/funding-hub" variant="light">
                    Apply to an investor’s call
                  </Button>
                </Group>
              ) : null}
              {editing ? <StartupForm opened startup={startup} onClose={() => setEditing(false)} /> : null}
              <ConfirmDialog
                opened={deleting}
                title="Delete this startup?"
                message={`${startup.name} will disappear from the directory, the map and its applications.`}
                confirmLabel="Delete startup"
                onCancel={() => setDeleting(false)}
                onConfirm={async () => {
                  await remove(startup.startup_id).unwrap();
                  notify.success('Startup deleted.');
                  navigate('/innovation-workspace');
                }}
              />
            </Stack>
          )}
        </Loaded>
      </Stack>
    </Container>
  );
}
