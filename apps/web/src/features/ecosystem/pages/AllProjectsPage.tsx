import { Button, Container, Stack } from '@mantine/core';
import type { ProjectCard } from '@nexus/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useProjectsQuery } from '../api';
import { Browse } from '../components/Browse';
import { ProjectCardView } from '../components/Cards';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { SECTOR_OPTIONS, STATUS_OPTIONS } from '../components/labels';
import { ProjectForm } from '../components/ProjectForm';

/** /all-projects: every project, searchable by title, summary and needs, filtered by sector and status. */
export default function AllProjectsPage() {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="All projects"
          intro="Projects across the ecosystem, what they are building and who they need."
          action={<Button onClick={() => setCreating(true)}>Start a project</Button>}
        />
        <Browse<ProjectCard>
          label="projects"
          searchLabel="Search projects by title, summary or need"
          filters={[
            { key: 'sector', label: 'Sector', options: SECTOR_OPTIONS },
            { key: 'status', label: 'Status', options: STATUS_OPTIONS },
          ]}
          query={useProjectsQuery}
          render={(project) => <ProjectCardView key={project.project_id} project={project} />}
          emptyText="No projects yet. Start the first one."
          filteredEmptyText="No project matches. Try another word or clear a filter."
        />
      </Stack>
      {creating ? (
        <ProjectForm
          opened
          project={null}
          onClose={() => setCreating(false)}
          onSaved={(item) => navigate(`/project-overview/${item.project_id}`)}
        />
      ) : null}
    </Container>
  );
}
