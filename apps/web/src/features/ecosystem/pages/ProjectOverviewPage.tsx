import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ProjectItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import {
  useAnswerInvitationMutation,
  useDeleteProjectMutation,
  useInviteCollaboratorMutation,
  useProjectQuery,
} from '../api';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { failure } from '../components/form-errors';
import { Loaded, routeId } from '../components/Loaded';
import { dateLabel, sectorLabel, statusLabel } from '../components/labels';
import { PersonPicker } from '../components/PersonPicker';
import { ProjectForm } from '../components/ProjectForm';

function Invitation({ project }: { project: ProjectItem }) {
  const [answer, answering] = useAnswerInvitationMutation();
  const reply = async (accept: boolean) => {
    try {
      await answer({ id: project.project_id, accept }).unwrap();
      notify.success(accept ? `You joined ${project.title}.` : 'Invitation declined.');
    } catch (error) {
      notify.error(failure(error, 'Your answer was not saved. Try again.'));
    }
  };
  return (
    <Card withBorder bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" wrap="wrap">
        <Text>{project.owner.name} invited you to join this project.</Text>
        <Group gap="xs">
          <Button loading={answering.isLoading} onClick={() => reply(true)}>
            Join the project
          </Button>
          <Button variant="default" onClick={() => reply(false)}>
            Decline
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function Team({ project }: { project: ProjectItem }) {
  const [invite, inviting] = useInviteCollaboratorMutation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Team
      </Title>
      <List>
        <List.Item>
          <Anchor component={Link} to={`/profile/${project.owner.user_id}`} underline="always">
            {project.owner.name}
          </Anchor>{' '}
          · Owner
        </List.Item>
        {project.members.map((member) => (
          <List.Item key={member.user_id}>
            <Anchor component={Link} to={`/profile/${member.user_id}`} underline="always">
              {member.name}
            </Anchor>{' '}
            · {member.role}
            {member.status === 'invited' ? ' (invited)' : ''}
          </List.Item>
        ))}
      </List>
      {project.can_edit ? (
        <PersonPicker
          label="Invite a collaborator by name"
          actionLabel="Invite"
          busy={inviting.isLoading}
          onPick={async (userId, name) => {
            try {
              await invite({ id: project.project_id, user_id: userId, role: 'Collaborator' }).unwrap();
              notify.success(`${name} is invited.`);
            } catch (error) {
              notify.error(failure(error, 'The invitation was not sent. Try again.'));
            }
          }}
        />
      ) : null}
    </Stack>
  );
}

/** /project-overview/{projectId}: a project's summary, milestones, needs and team; its owner edits and invites. */
export default function ProjectOverviewPage() {
  const id = routeId(useParams().projectId);
  const query = useProjectQuery(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove] = useDeleteProjectMutation();
  const navigate = useNavigate();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <EcosystemHeader title="Project" intro="What the project builds, where it stands and who is on it." />
        <Loaded query={query} label="project">
          {(project) => (
            <Stack gap="lg">
              {project.my_role === 'invited' ? <Invitation project={project} /> : null}
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <Title order={2}>{project.title}</Title>
                  {project.can_edit ? (
                    <Group gap="xs">
                      <Button variant="light" onClick={() => setEditing(true)}>
                        Edit project
                      </Button>
                      <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                        Delete
                      </Button>
                    </Group>
                  ) : null}
                </Group>
                <Group gap={6}>
                  <Badge variant="light">{sectorLabel(project.sector)}</Badge>
                  <Badge variant="outline" color="gray">
                    {statusLabel(project.status)}
                  </Badge>
                  {project.startup ? (
                    <Anchor
                      component={Link}
                      to={`/startup-project/overview/${project.startup.startup_id}`}
                      size="sm"
                    >
                      {project.startup.name}
                    </Anchor>
                  ) : null}
                </Group>
                {project.summary ? <Text>{project.summary}</Text> : null}
              </Stack>
              <Stack gap="xs">
                <Title order={2} size="h3">
                  Needs
                </Title>
                {project.needs.length > 0 ? (
                  <Group gap={6}>
                    {project.needs.map((need) => (
                      <Badge key={need} variant="dot">
                        {need}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text c="dimmed">The team needs nothing at the moment.</Text>
                )}
              </Stack>
              <Stack gap="xs">
                <Title order={2} size="h3">
                  Milestones
                </Title>
                {project.milestones.length > 0 ? (
                  project.milestones.map((m) => (
                    <Checkbox
                      key={m.title}
                      readOnly
                      checked={m.done}
                      label={m.due ? `${m.title} · ${dateLabel(m.due)}` : m.title}
                    />
                  ))
                ) : (
                  <Text c="dimmed">No milestones yet.</Text>
                )}
              </Stack>
              <Team project={project} />
              {editing ? <ProjectForm opened project={project} onClose={() => setEditing(false)} /> : null}
              <ConfirmDialog
                opened={deleting}
                title="Delete this project?"
                message={`“${project.title}” and its team list will be removed for everyone.`}
                confirmLabel="Delete project"
                onCancel={() => setDeleting(false)}
                onConfirm={async () => {
                  await remove(project.project_id).unwrap();
                  notify.success('Project deleted.');
                  navigate('/all-projects');
                }}
              />
            </Stack>
          )}
        </Loaded>
      </Stack>
    </Container>
  );
}
