import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SCHEME_SECTORS, type SchemeItem, type SchemeSector, SECTORS } from '@nexus/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useSchemesQuery } from '../api';
import { SchemeForm } from '../components/SchemeForm';

const LIMIT = 10;

function deadlineLabel(deadline: string | null): string {
  if (!deadline) return 'Always open';
  const day = dayjs(deadline);
  return day.isBefore(dayjs(), 'day')
    ? `Closed ${day.format('D MMM YYYY')}`
    : `Apply by ${day.format('D MMM YYYY')}`;
}

/** /government-help (spec section 2): government schemes by word and sector; government bodies publish them. */
export default function GovernmentHelpPage() {
  const [search, setSearch] = useState('');
  const [sector, setSector] = useState<SchemeSector | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SchemeItem | 'new' | null>(null);
  const [words] = useDebouncedValue(search.trim(), 300);
  const query = useSchemesQuery({
    page,
    limit: LIMIT,
    ...(words ? { search: words } : {}),
    ...(sector ? { sector } : {}),
  });
  const items = query.data?.data ?? [];
  const filtered = Boolean(words || sector);

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Government help</Title>
            <Text c="dimmed">Grants, loans and programmes of public bodies, and how to apply.</Text>
          </div>
          {query.data?.can_publish ? (
            <Button onClick={() => setEditing('new')}>Publish a scheme</Button>
          ) : null}
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchField
            label="Search schemes"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Sector"
            placeholder="Any sector"
            clearable
            data={SCHEME_SECTORS.map((value) => ({ value, label: SECTORS.labels[value] }))}
            value={sector}
            onChange={(value) => {
              setSector(value as SchemeSector | null);
              setPage(1);
            }}
            w={240}
          />
        </Group>
        <QueryState
          label="government schemes"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText={filtered ? 'No schemes match your search' : 'No government schemes yet'}
          onRetry={() => query.refetch()}
        >
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((scheme) => (
              <Card component="li" withBorder radius="md" padding="lg" key={scheme.scheme_id}>
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <div>
                      <Title order={2} size="h4">
                        {scheme.name}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {scheme.agency} · {deadlineLabel(scheme.deadline)}
                      </Text>
                    </div>
                    {scheme.can_edit ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(scheme)}
                        aria-label={`Edit ${scheme.name}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                  </Group>
                  <Group gap={6}>
                    {scheme.sectors.map((value) => (
                      <Badge key={value} variant="light">
                        {SECTORS.labels[value]}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="sm">{scheme.description}</Text>
                  <Text size="sm">
                    <Text span fw={700}>
                      Who can apply:{' '}
                    </Text>
                    {scheme.eligibility}
                  </Text>
                  <Text size="sm" fw={700}>
                    How to apply
                  </Text>
                  <List type="ordered" size="sm">
                    {scheme.how_to_apply.map((step) => (
                      <List.Item key={step}>{step}</List.Item>
                    ))}
                  </List>
                  <Anchor href={scheme.link} target="_blank" rel="noopener noreferrer" size="sm">
                    Official page of {scheme.name}
                  </Anchor>
                </Stack>
              </Card>
            ))}
          </Stack>
          <ListPagination
            page={page}
            totalPages={query.data?.meta.totalPages ?? 1}
            onChange={setPage}
            summary={`${query.data?.meta.total ?? 0} schemes`}
          />
        </QueryState>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Publish a scheme' : 'Edit the scheme'}
      >
        {editing !== null ? (
          <SchemeForm
            key={editing === 'new' ? 'new' : editing.scheme_id}
            {...(editing === 'new' ? {} : { scheme: editing })}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Container>
  );
}
