import {
  ActionIcon,
  Badge,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  ECOSYSTEM_SECTORS,
  HUB_BLOCK_LABELS,
  HUB_LIMITS,
  type HubBlock,
  type HubBlockKind,
  POSTING_TYPES,
  RESOURCE_KIND_LABELS,
  RESOURCE_KINDS,
} from '@nexus/contracts';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

type Option = { value: string; label: string };
type FilterField =
  | { key: string; label: string; type: 'text' | 'list' }
  | { key: string; label: string; type: 'select' | 'multi'; options: Option[] };

const when: Option[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];
const community: Option[] = [{ value: 'mine', label: "The viewer's communities only" }];
const search = { key: 'search', label: 'Search words', type: 'text' } as const;

/** The filters each kind's list takes (the contracts schema accepts exactly these). */
const FILTERS: Partial<Record<HubBlockKind, FilterField[]>> = {
  events: [
    { key: 'when', label: 'Which events', type: 'select', options: when },
    { key: 'community', label: 'Communities', type: 'select', options: community },
  ],
  competitions: [
    { key: 'when', label: 'Which competitions', type: 'select', options: when },
    { key: 'community', label: 'Communities', type: 'select', options: community },
  ],
  communities: [
    {
      key: 'view',
      label: 'Which communities',
      type: 'select',
      options: [
        { value: 'discover', label: 'To discover' },
        { value: 'mine', label: "The viewer's own" },
      ],
    },
  ],
  posts: [
    {
      key: 'source',
      label: 'Which posts',
      type: 'select',
      options: [
        { value: 'feed', label: "The viewer's feed" },
        { value: 'latest', label: 'Latest of everyone' },
      ],
    },
  ],
  programs: [search, { key: 'category', label: 'Category', type: 'text' }],
  resources: [
    search,
    {
      key: 'kinds',
      label: 'Kinds',
      type: 'multi',
      options: RESOURCE_KINDS.map((kind) => ({ value: kind, label: RESOURCE_KIND_LABELS[kind] })),
    },
    { key: 'tags', label: 'Tags (comma separated, any matches)', type: 'list' },
  ],
  experts: [search, { key: 'expertise', label: 'Expertise', type: 'text' }],
  jobs: [
    search,
    {
      key: 'jobType',
      label: 'Job type',
      type: 'select',
      options: POSTING_TYPES.map((type) => ({ value: type, label: type.replace('_', ' ') })),
    },
  ],
  fundingCalls: [
    search,
    {
      key: 'sector',
      label: 'Sector',
      type: 'select',
      options: ECOSYSTEM_SECTORS.values.map((value) => ({ value, label: ECOSYSTEM_SECTORS.labels[value] })),
    },
  ],
};

/** Errors of the draft by their path (`blocks.2.title`), from the contracts schema. */
export type FieldErrors = Record<string, string>;

interface BlockEditorProps {
  block: HubBlock;
  index: number;
  count: number;
  errors: FieldErrors;
  onChange: (block: HubBlock) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One block of the draft: its title, rows, filters and texts, and the buttons to move or remove it. */
export function BlockEditor({ block, index, count, errors, onChange, onMove, onRemove }: BlockEditorProps) {
  const at = (key: string) => errors[`blocks.${index}.${key}`];
  const filter = (block.filter ?? {}) as Record<string, unknown>;
  const name = block.title.trim() || `block ${index + 1}`;
  const set = (changes: Record<string, unknown>) => {
    const next = { ...block, ...changes } as Record<string, unknown>;
    for (const key of ['description', 'emptyText', 'limit']) {
      if (next[key] === '' || next[key] === undefined) delete next[key];
    }
    onChange(next as HubBlock);
  };
  const setFilter = (key: string, value: unknown) => {
    const next = { ...filter, [key]: value };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
    set({ filter: Object.keys(next).length ? next : undefined });
  };
  const filterError = Object.entries(errors).find(([path]) => path.startsWith(`blocks.${index}.filter`))?.[1];

  return (
    <Card withBorder padding="sm" component="li" aria-label={`Block ${index + 1}: ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="filled" color="blue.9">
            {HUB_BLOCK_LABELS[block.kind]}
          </Badge>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Move up">
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${name} up`}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${name} down`}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove">
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label="Block title"
            required
            value={block.title}
            maxLength={HUB_LIMITS.blockTitleMax}
            error={at('title')}
            onChange={(event) => set({ title: event.currentTarget.value })}
          />
          <NumberInput
            label="Rows shown"
            description="Empty: 5"
            min={1}
            max={HUB_LIMITS.rowsMax}
            value={block.limit ?? ''}
            error={at('limit')}
            onChange={(value) => set({ limit: typeof value === 'number' ? value : undefined })}
          />
          {(FILTERS[block.kind] ?? []).map((field) => {
            const label = `${field.label}`;
            const value = filter[field.key];
            if (field.type === 'select') {
              return (
                <Select
                  key={field.key}
                  label={label}
                  placeholder="Any"
                  clearable
                  data={field.options}
                  value={value === undefined ? null : String(value)}
                  onChange={(next) => setFilter(field.key, next ?? undefined)}
                />
              );
            }
            if (field.type === 'multi') {
              return (
                <MultiSelect
                  key={field.key}
                  label={label}
                  placeholder="Any"
                  clearable
                  data={field.options}
                  value={(value as string[] | undefined) ?? []}
                  onChange={(next) => setFilter(field.key, next)}
                />
              );
            }
            if (field.type === 'list') {
              return (
                <TextInput
                  key={field.key}
                  label={label}
                  value={((value as string[] | undefined) ?? []).join(', ')}
                  onChange={(event) =>
                    setFilter(
                      field.key,
                      event.currentTarget.value
                        .split(',')
                        .map((word) => word.trimStart())
                        .filter((word, i, all) => word !== '' || i === all.length - 1),
                    )
                  }
                />
              );
            }
            return (
              <TextInput
                key={field.key}
                label={label}
                value={(value as string | undefined) ?? ''}
                onChange={(event) => setFilter(field.key, event.currentTarget.value)}
              />
            );
          })}
          <TextInput
            label="Line under the title"
            value={block.description ?? ''}
            error={at('description')}
            onChange={(event) => set({ description: event.currentTarget.value })}
          />
          <TextInput
            label="Text when empty"
            value={block.emptyText ?? ''}
            error={at('emptyText')}
            onChange={(event) => set({ emptyText: event.currentTarget.value })}
          />
        </SimpleGrid>
        {filterError ? <Text c="red" size="sm" role="alert">{`Filters: ${filterError}`}</Text> : null}
      </Stack>
    </Card>
  );
}
