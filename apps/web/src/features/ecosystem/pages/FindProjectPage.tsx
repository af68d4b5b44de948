import { Button, Container, Stack } from '@mantine/core';
import type { StartupCard } from '@nexus/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useStartupsQuery } from '../api';
import { Browse } from '../components/Browse';
import { StartupCardView } from '../components/Cards';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { COUNTRY_OPTIONS, SECTOR_OPTIONS, STAGE_OPTIONS } from '../components/labels';
import { StartupForm } from '../components/StartupForm';

/** /find-project: the startup directory, searched by name or tagline and filtered by sector, stage and country. */
export default function FindProjectPage() {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Find a startup"
          intro="Startups of the ecosystem by sector, stage and country."
          action={<Button onClick={() => setCreating(true)}>Add your startup</Button>}
        />
        <Browse<StartupCard>
          label="startups"
          searchLabel="Search startups by name"
          filters={[
            { key: 'sector', label: 'Sector', options: SECTOR_OPTIONS },
            { key: 'stage', label: 'Stage', options: STAGE_OPTIONS },
            { key: 'country', label: 'Country', options: COUNTRY_OPTIONS },
          ]}
          query={useStartupsQuery}
          render={(startup) => <StartupCardView key={startup.startup_id} startup={startup} />}
          emptyText="No startups yet. Add yours first."
          filteredEmptyText="No startup matches. Try another word or clear a filter."
        />
      </Stack>
      {creating ? (
        <StartupForm
          opened
          startup={null}
          onClose={() => setCreating(false)}
          onSaved={(item) => navigate(`/startup-project/overview/${item.startup_id}`)}
        />
      ) : null}
    </Container>
  );
}
