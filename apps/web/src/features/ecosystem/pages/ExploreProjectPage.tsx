import { Container, Stack } from '@mantine/core';
import type { CenterCard } from '@nexus/contracts';
import { useCentersQuery } from '../api';
import { Browse } from '../components/Browse';
import { CenterCardView } from '../components/Cards';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { CENTER_KIND_OPTIONS, SECTOR_OPTIONS } from '../components/labels';

/** /explore-project: incubators, accelerators and startup hubs, and the cohorts they have open. */
export default function ExploreProjectPage() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Explore centers and cohorts"
          intro="Incubators, accelerators and startup hubs. Open a center to see its cohorts and apply."
        />
        <Browse<CenterCard>
          label="innovation centers"
          searchLabel="Search centers by name or description"
          filters={[
            { key: 'kind', label: 'Kind', options: CENTER_KIND_OPTIONS },
            { key: 'sector', label: 'Sector', options: SECTOR_OPTIONS },
          ]}
          query={useCentersQuery}
          render={(center) => <CenterCardView key={center.center_id} center={center} />}
          emptyText="No innovation centers yet."
          filteredEmptyText="No center matches. Try another word or clear a filter."
        />
      </Stack>
    </Container>
  );
}
