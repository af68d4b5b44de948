import { Container } from '@mantine/core';
import { ResourceBrowser } from '../components/ResourceBrowser';

/** /publications: publications, reports and documents, searchable down to the words of their PDFs. */
export default function PublicationsPage() {
  return (
    <Container size="xl" py="lg">
      <ResourceBrowser
        title="Publications"
        intro="Papers, reports and documents published on the platform and by your organisations."
        fixed={{ kind: ['publication', 'report', 'document'] }}
      />
    </Container>
  );
}
