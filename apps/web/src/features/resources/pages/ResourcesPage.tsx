import { Container } from '@mantine/core';
import { ResourceBrowser } from '../components/ResourceBrowser';

/** /resources: the library, browsed by kind, tag, collection and date, or searched. */
export default function ResourcesPage() {
  return (
    <Container size="xl" py="lg">
      <ResourceBrowser
        title="Resources"
        intro="Articles, videos, podcasts, case studies, templates, reports and publications from the platform and your organisations."
      />
    </Container>
  );
}
