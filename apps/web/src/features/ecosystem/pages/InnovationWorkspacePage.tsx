import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MyStatistics } from '../../readiness';
import { useWorkspaceQuery } from '../api';
import { CenterCardView, ProjectCardView, StartupCardView } from '../components/Cards';
import { CenterForm } from '../components/CenterForm';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { Loaded } from '../components/Loaded';
import { dateLabel } from '../components/labels';
import { ProjectForm } from '../components/ProjectForm';
import { StartupForm } from '../components/StartupForm';

const STATUS_COLOR = {
  submitted: 'blue',
  shortlisted: 'violet',
  accepted: 'green',
  declined: 'gray',
} as const;

function Section({
  title,
  action,
  empty,
  children,
}: {
  title: string;
  action?: ReactNode;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {empty ? <Text c="dimmed">{empty}</Text> : children}
    </Stack>
  );
}

/** /innovation-workspace: my startups, projects, invitations, applications and what to do next. */
export default function InnovationWorkspacePage() {
  const query = useWorkspaceQuery();
  const [form, setForm] = useState<'startup' | 'project' | 'center' | null>(null);
  const navigate = useNavigate();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Innovation workspace"
          intro="Your startups, projects and applications, and your next steps."
        />
        <Loaded query={query} label="workspace">
          {(ws) => (
            <Stack gap="xl">
              <Section
                title="Next steps"
                empty={ws.next_steps.length === 0 ? 'Nothing waiting for you right now.' : null}
              >
                <List>
                  {ws.next_steps.map((step) => (
                    <List.Item key={step.text}>
                      <Anchor component={Link} to={step.link}>
                        {step.text}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </Section>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
                <Section
                  title="My startups"
                  action={
                    <Button size="xs" id="new-startup" onClick={() => setForm('startup')}>
                      Add a startup
                    </Button>
                  }
                  empty={ws.startups.length === 0 ? 'You have no startup yet.' : null}
                >
                  {ws.startups.map((startup) => (
                    <StartupCardView key={startup.startup_id} startup={startup} />
                  ))}
                </Section>
                <Section
                  title="My projects"
                  action={
                    <Button size="xs" onClick={() => setForm('project')}>
                      Start a project
                    </Button>
                  }
                  empty={ws.projects.length === 0 ? 'You are on no project yet.' : null}
                >
                  {ws.projects.map((project) => (
                    <ProjectCardView
                      key={project.project_id}
                      project={project}
                      extra={
                        <Text size="sm">
                          {project.my_role === 'owner' ? 'You own this project' : 'You are on the team'}
                        </Text>
                      }
                    />
                  ))}
                </Section>
              </SimpleGrid>
              {ws.invitations.length > 0 ? (
                <Section title="Invitations" empty={null}>
                  {ws.invitations.map((project) => (
                    <ProjectCardView
                      key={project.project_id}
                      project={project}
                      extra={
                        <Button
                          component={Link}
                          to={`/project-overview/${project.project_id}`}
                          size="xs"
                          w="fit-content"
                        >
                          Answer the invitation
                        </Button>
                      }
                    />
                  ))}
                </Section>
              ) : null}
              <Section
                title="My applications"
                empty={
                  ws.applications.length === 0
                    ? 'No applications yet. Explore centers with open cohorts.'
                    : null
                }
              >
                {ws.applications.map((a) => (
                  <Card key={a.application_id} withBorder>
                    <Group justify="space-between" wrap="wrap">
                      <Text>
                        {a.startup.name} →{' '}
                        <Anchor
                          component={Link}
                          to={`/innovation-center/overview/${a.center.center_id}`}
                          underline="always"
                        >
                          {a.center.name}
                        </Anchor>
                        , {a.cohort.name} · applied {dateLabel(a.created_at)}
                      </Text>
                      <Badge color={STATUS_COLOR[a.status]} variant="dot">
                        {a.status}
                      </Badge>
                    </Group>
                  </Card>
                ))}
              </Section>
              <Section
                title="Centers I review"
                action={
                  <Button size="xs" variant="light" onClick={() => setForm('center')}>
                    Add an innovation center
                  </Button>
                }
                empty={ws.reviewing.length === 0 ? 'You review no center’s applications.' : null}
              >
                {ws.reviewing.map((center) => (
                  <CenterCardView key={center.center_id} center={center} />
                ))}
              </Section>
              <Section
                title="Statistics"
                action={
                  <Button size="xs" variant="subtle" component={Link} to="/readiness-journey">
                    Readiness journey
                  </Button>
                }
                empty={null}
              >
                <MyStatistics />
              </Section>
            </Stack>
          )}
        </Loaded>
      </Stack>
      {form === 'startup' ? (
        <StartupForm
          opened
          startup={null}
          onClose={() => setForm(null)}
          onSaved={(s) => navigate(`/startup-project/overview/${s.startup_id}`)}
        />
      ) : null}
      {form === 'project' ? (
        <ProjectForm
          opened
          project={null}
          onClose={() => setForm(null)}
          onSaved={(p) => navigate(`/project-overview/${p.project_id}`)}
        />
      ) : null}
      {form === 'center' ? (
        <CenterForm
          opened
          onClose={() => setForm(null)}
          onSaved={(c) => navigate(`/innovation-center/overview/${c.center_id}`)}
        />
      ) : null}
    </Container>
  );
}
