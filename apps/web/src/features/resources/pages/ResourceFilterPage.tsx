import { Container } from '@mantine/core';
import { ResourceBrowser } from '../components/ResourceBrowser';

/** /resource-filter: faceted search, each filter showing how many resources it would keep. */
export default function ResourceFilterPage() {
  return (
    <Container size="xl" py="lg">
      <ResourceBrowser
        title="Find resources"
        intro="Search titles, summaries, texts and the words inside uploaded PDFs; narrow down with the filters."
      />
    </Container>
  );
}
