import { Alert, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCollectionQuery } from '../api';
import { ResourceBrowser } from '../components/ResourceBrowser';

/** /documents-portal/{portalId}: a portal's documents, its rules, and for managers the review queue. */
export default function DocumentsPortalPage() {
  const id = Number(useParams().portalId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCollectionQuery(id, { skip: !valid });
  const portal = query.data;
  return (
    <Container size="xl" py="lg">
      <QueryState
        label="this portal"
        isLoading={valid && query.isLoading}
        error={valid ? query.error : { message: 'Collection not found.' }}
        isEmpty={!portal}
        emptyText="Portal not found"
        onRetry={() => query.refetch()}
      >
        {portal ? (
          <Stack gap="xl">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={1}>{portal.name}</Title>
                {portal.description ? <Text c="dimmed">{portal.description}</Text> : null}
                <Group gap={6}>
                  <Badge variant="light">{portal.item_count} published</Badge>
                  {portal.requires_approval ? (
                    <Badge variant="outline">Managers approve new documents</Badge>
                  ) : null}
                </Group>
              </Stack>
              {portal.can_upload ? (
                <Button
                  component={Link}
                  to={`/upload-documents?portal=${portal.collection_id}`}
                  leftSection={<IconUpload size={18} aria-hidden="true" />}
                >
                  Upload documents
                </Button>
              ) : null}
            </Group>
            {portal.can_manage ? (
              <Stack gap="sm">
                <Alert color="blue" title="Review queue">
                  Documents waiting for your approval. Open one to read it, then approve or send it back.
                </Alert>
                <ResourceBrowser
                  level={2}
                  title="Waiting for review"
                  intro=""
                  scope="review"
                  fixed={{ collection_id: portal.collection_id }}
                />
              </Stack>
            ) : null}
            <ResourceBrowser
              level={2}
              title="Documents"
              intro=""
              fixed={{ collection_id: portal.collection_id }}
            />
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
