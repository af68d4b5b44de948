import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  HUB_BLOCK_KINDS,
  HUB_BLOCK_LABELS,
  HUB_LIMITS,
  HUB_MESSAGES,
  type HubBlock,
  type HubBlockKind,
  type HubContent,
  type HubPage,
  hubContent,
} from '@nexus/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useHubQuery, usePublishHubMutation, useUpdateHubMutation } from '../api';
import { BlockEditor, type FieldErrors } from '../components/BlockEditor';
import { HubContentView } from '../components/HubContentView';

/** Drops what a half-typed list leaves (an empty tag after a comma) before the schema checks it. */
function cleaned(draft: HubContent): HubContent {
  return {
    ...draft,
    theme: draft.theme.map((word) => word.trim()).filter(Boolean),
    blocks: draft.blocks.map((block) => {
      const filter = block.filter as Record<string, unknown> | undefined;
      if (!filter || !Array.isArray(filter.tags)) return block;
      const tags = (filter.tags as string[]).map((tag) => tag.trim()).filter(Boolean);
      const { tags: _tags, ...rest } = filter;
      const next = tags.length ? { ...rest, tags } : rest;
      return { ...block, filter: Object.keys(next).length ? next : undefined } as HubBlock;
    }),
  };
}

/** The schema's messages by path (`blocks.1.title`); the first message of a path wins. */
function errorsOf(draft: HubContent): FieldErrors {
  const result = hubContent.safeParse(draft);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A title not yet used on the page, for a new block of a kind. */
function freshTitle(kind: HubBlockKind, blocks: HubBlock[]): string {
  const base = HUB_BLOCK_LABELS[kind];
  const taken = new Set(blocks.map((block) => block.title.trim().toLowerCase()));
  let title = base;
  for (let n = 2; taken.has(title.toLowerCase()); n++) title = `${base} ${n}`;
  return title;
}

/** /manage-hubs/{hubId}: the hub editor (issue 22). Loads the hub, then edits its draft. */
export default function HubEditorPage() {
  const id = Number(useParams().hubId);
  const query = useHubQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  return (
    <Container size="lg" py="lg">
      <QueryState
        label="the hub"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!query.data}
        emptyText="This hub does not exist."
        onRetry={() => query.refetch()}
      >
        {query.data ? <HubEditor key={query.data.hub_id} hub={query.data} /> : null}
      </QueryState>
    </Container>
  );
}

function HubEditor({ hub }: { hub: HubPage }) {
  const [draft, setDraft] = useState<HubContent>(hub.draft);
  const [themeText, setThemeText] = useState(hub.draft.theme.join(', '));
  const [kind, setKind] = useState<HubBlockKind | null>(null);
  const [removed, setRemoved] = useState<{ block: HubBlock; index: number } | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('edit');
  const [save, saving] = useUpdateHubMutation();
  const [publish, publishing] = usePublishHubMutation();
  const [dirty, setDirty] = useState(false);

  const ready = cleaned(draft);
  const errors = errorsOf(ready);
  const valid = Object.keys(errors).length === 0;
  const shown = showErrors ? errors : {};
  const visitorsSee = hub.published_at ? 'published' : 'not yet published';
  const pageHref = hub.tenant_id === null ? hub.path : null;

  const change = (next: HubContent) => {
    setDraft(next);
    setDirty(true);
  };
  const setBlocks = (blocks: HubBlock[]) => change({ ...draft, blocks });
  const move = (index: number, by: -1 | 1) => {
    const blocks = [...draft.blocks];
    const [block] = blocks.splice(index, 1);
    blocks.splice(index + by, 0, block as HubBlock);
    setBlocks(blocks);
  };
  const remove = (index: number) => {
    setRemoved({ block: draft.blocks[index] as HubBlock, index });
    setBlocks(draft.blocks.filter((_, i) => i !== index));
  };
  const undo = () => {
    if (!removed) return;
    const blocks = [...draft.blocks];
    blocks.splice(Math.min(removed.index, blocks.length), 0, removed.block);
    setBlocks(blocks);
    setRemoved(null);
  };
  const add = () => {
    if (!kind) return;
    setBlocks([...draft.blocks, { kind, title: freshTitle(kind, draft.blocks) } as HubBlock]);
    setKind(null);
  };

  /** Saves the draft; false when the schema or the server refused it (the messages show). */
  const saveDraft = async (): Promise<boolean> => {
    setShowErrors(true);
    setFormError(null);
    if (!valid) {
      setFormError('Fix the fields marked below, then try again.');
      return false;
    }
    try {
      await save({ id: hub.hub_id, data: { draft: ready } }).unwrap();
      setDirty(false);
      return true;
    } catch (error) {
      setFormError(errorMessage(error, 'The draft could not be saved.'));
      return false;
    }
  };
  const onSave = async () => {
    if (await saveDraft()) notify.success(HUB_MESSAGES.saved);
  };
  const onPublish = async () => {
    if (!(await saveDraft())) return;
    try {
      await publish(hub.hub_id).unwrap();
      setRemoved(null);
      notify.success(HUB_MESSAGES.published);
    } catch (error) {
      setFormError(errorMessage(error, 'The hub could not be published.'));
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={Link} to="/manage-hubs" size="sm">
          All hubs
        </Anchor>
        <Title order={1}>Edit hub: {hub.title}</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {hub.tenant_id === null
              ? `Platform hub at ${hub.path}`
              : `Your organisation's page "${hub.path}"`}{' '}
            · {visitorsSee}
          </Text>
          {hub.has_changes || dirty ? (
            <Badge color="red.9" variant="filled">
              Unpublished changes
            </Badge>
          ) : null}
          {pageHref ? (
            <Anchor component={Link} to={pageHref} size="sm">
              Open the page
            </Anchor>
          ) : null}
        </Group>
      </Stack>

      {formError ? (
        <Alert color="red" role="alert" title="Not saved">
          {formError}
        </Alert>
      ) : null}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="md">
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              maxLength={HUB_LIMITS.titleMax}
              value={draft.title}
              error={shown.title}
              onChange={(event) => change({ ...draft, title: event.currentTarget.value })}
            />
            <Textarea
              label="Intro"
              required
              rows={2}
              maxLength={HUB_LIMITS.introMax}
              value={draft.intro}
              error={shown.intro}
              onChange={(event) => change({ ...draft, intro: event.currentTarget.value })}
            />
            <TextInput
              label="Who it is for"
              required
              value={draft.audience}
              error={shown.audience}
              onChange={(event) => change({ ...draft, audience: event.currentTarget.value })}
            />
            <TextInput
              label="Theme words (comma separated)"
              required
              value={themeText}
              error={shown.theme ?? Object.entries(shown).find(([path]) => path.startsWith('theme.'))?.[1]}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setThemeText(text);
                change({ ...draft, theme: text.split(',').map((word) => word.trim()) });
              }}
            />

            <Title order={2} size="h3">
              Blocks
            </Title>
            {shown.blocks ? (
              <Text c="red" size="sm" role="alert">
                {shown.blocks}
              </Text>
            ) : null}
            {removed ? (
              <Alert color="blue" title="Block removed">
                <Group gap="sm">
                  <Text size="sm">"{removed.block.title}" is out of the draft.</Text>
                  <Button size="xs" variant="light" onClick={undo}>
                    Undo
                  </Button>
                </Group>
              </Alert>
            ) : null}
            <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {draft.blocks.map((block, index) => (
                <BlockEditor
                  // Titles change while typing; the position is the block's identity in the draft.
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id of their own
                  key={index}
                  block={block}
                  index={index}
                  count={draft.blocks.length}
                  errors={shown}
                  onChange={(next) => setBlocks(draft.blocks.map((item, i) => (i === index ? next : item)))}
                  onMove={(by) => move(index, by)}
                  onRemove={() => remove(index)}
                />
              ))}
            </Stack>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label="Kind of block"
                placeholder="Choose a kind"
                data={HUB_BLOCK_KINDS.map((value) => ({ value, label: HUB_BLOCK_LABELS[value] }))}
                value={kind}
                onChange={(value) => setKind(value as HubBlockKind | null)}
                w={260}
              />
              <Button
                variant="light"
                onClick={add}
                disabled={!kind || draft.blocks.length >= HUB_LIMITS.blocksMax}
              >
                Add block
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          {valid ? (
            <Stack gap={0} aria-label="Preview of the draft" role="region">
              <Text size="sm" c="dimmed">
                Preview of the draft, with live blocks: visitors see it once you publish.
              </Text>
              <HubContentView hub={ready} />
            </Stack>
          ) : (
            <Alert color="yellow" title="Nothing to preview yet">
              Fix the fields marked on the Edit tab to see the preview.
            </Alert>
          )}
        </Tabs.Panel>
      </Tabs>

      <Group gap="sm">
        <Button variant="default" onClick={onSave} loading={saving.isLoading}>
          Save draft
        </Button>
        <Button onClick={onPublish} loading={publishing.isLoading || saving.isLoading}>
          Publish
        </Button>
      </Group>
    </Stack>
  );
}
