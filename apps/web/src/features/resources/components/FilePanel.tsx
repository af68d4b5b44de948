import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ResourceItem } from '@nexus/contracts';
import { IconDownload, IconFileOff } from '@tabler/icons-react';
import { current } from './MediaPlayer';

const size = (bytes: number) =>
  bytes > 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A document's current file previewed in the page (PDF), its download, and every earlier version. */
export function FilePanel({ item }: { item: ResourceItem }) {
  const main = current(item.files, 'main');
  const versions = item.files.filter((file) => file.slot === 'main');
  const attachments = item.files.filter((file) => file.slot === 'attachment' && file.is_current);
  if (!main) {
    return (
      <Alert color="gray" icon={<IconFileOff aria-hidden="true" />} title="No file uploaded yet">
        This {item.kind.replace('_', ' ')} has no document attached yet.
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {main.content_type === 'application/pdf' ? (
        <object
          data={main.url}
          type="application/pdf"
          aria-label={`Preview of ${main.name}`}
          data-testid="pdf-preview"
          style={{
            width: '100%',
            height: '70vh',
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 8,
          }}
        >
          <Text p="md">
            Your browser cannot show the PDF here.{' '}
            <Anchor href={`${main.url}?download=1`}>Download it</Anchor>.
          </Text>
        </object>
      ) : null}
      <Group>
        <Button
          component="a"
          href={`${main.url}?download=1`}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          Download {main.name} ({size(main.size_bytes)})
        </Button>
        <Text size="sm" c="dimmed">
          {main.download_count} {main.download_count === 1 ? 'download' : 'downloads'}
        </Text>
      </Group>
      {attachments.map((file) => (
        <Anchor key={file.item_file_id} href={`${file.url}?download=1`}>
          {file.label || file.name}
        </Anchor>
      ))}
      {versions.length > 1 ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Version history
          </Title>
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Downloads</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((file) => (
                  <Table.Tr key={file.item_file_id}>
                    <Table.Td>
                      {file.version}
                      {file.is_current ? ' (current)' : ''}
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={`${file.url}?download=1`}>{file.name}</Anchor>
                    </Table.Td>
                    <Table.Td>{new Date(file.created_at).toLocaleDateString()}</Table.Td>
                    <Table.Td>{file.download_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Stack>
  );
}
