import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ResourceLink, type ResourceLinkInput, resourceLink } from '@nexus/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useVenturesQuery, type VentureKind } from '../api';

/** A link as the form holds it: a startup's or project's carries its name, to show what was picked. */
export type LinkDraft =
  | { type: VentureKind; id: number; name: string }
  | { type: 'link'; name: string; url: string };

/** What createItem and updateItem take: the server looks the startup or project up again by id. */
export const toLinkInput = (link: LinkDraft): ResourceLinkInput =>
  link.type === 'link' ? { type: 'link', name: link.name, url: link.url } : { type: link.type, id: link.id };

/** An item's links as read back, to edit. */
export const toLinkDraft = (link: ResourceLink): LinkDraft =>
  link.type === 'link'
    ? { type: 'link', name: link.name, url: link.url }
    : { type: link.type, id: link.id ?? 0, name: link.name };

const keyOf = (link: LinkDraft) => (link.type === 'link' ? `link:${link.url}` : `${link.type}:${link.id}`);
const KIND_LABEL = { startup: 'Startup', project: 'Project', link: 'Web page' } as const;
/** The directory is searched once this many letters are typed. */
const MIN_SEARCH = 2;

interface LinksEditorProps {
  value: LinkDraft[];
  onChange: (links: LinkDraft[]) => void;
}

/**
 * What an item is about (issue 21: a case study names startups and projects): ventures picked from
 * the ecosystem's public directory by a search box, and web pages by name and address.
 */
export function LinksEditor({ value, onChange }: LinksEditorProps) {
  const add = (link: LinkDraft) => {
    if (!value.some((existing) => keyOf(existing) === keyOf(link))) onChange([...value, link]);
  };
  return (
    // A fieldset is at least as wide as its content's min-content by default, and a truncated link
    // (nowrap) is as wide as its whole text: without minWidth 0 the form overflows a phone.
    <Fieldset legend="What it is about" style={{ minWidth: 0 }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Startups, projects and web pages this resource is about; the page links to them.
        </Text>
        {value.length > 0 ? (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Links">
            {value.map((link) => (
              <Group component="li" key={keyOf(link)} gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {KIND_LABEL[link.type]}
                  </Badge>
                  <Text size="sm" truncate>
                    {link.name}
                    {link.type === 'link' ? ` (${link.url})` : ''}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${link.name}`}
                  onClick={() => onChange(value.filter((other) => keyOf(other) !== keyOf(link)))}
                >
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">No links yet.</Text>
        )}
        <VenturePicker chosen={value} onPick={add} />
        <WebLinkForm onAdd={add} />
      </Stack>
    </Fieldset>
  );
}

function VenturePicker({ chosen, onPick }: { chosen: LinkDraft[]; onPick: (link: LinkDraft) => void }) {
  const [kind, setKind] = useState<VentureKind>('startup');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const skip = debounced.length < MIN_SEARCH;
  const found = useVenturesQuery({ type: kind, search: debounced }, { skip });
  const noun = kind === 'startup' ? 'startup' : 'project';
  const picked = new Set(chosen.map(keyOf));
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Kind of venture"
        value={kind}
        onChange={(next) => setKind(next as VentureKind)}
        data={[
          { value: 'startup', label: 'Startups' },
          { value: 'project', label: 'Projects' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <TextInput
        label={`Find a ${noun}`}
        description="Searches the ecosystem's directory by name"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter searches as typing does; it must not submit the item's form around the editor.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div aria-live="polite">
        {skip ? null : found.isFetching ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Searching…</Text>
          </Group>
        ) : found.isError ? (
          <Alert color="red" role="alert" title="The directory could not be searched">
            <Button size="xs" variant="light" onClick={() => void found.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (found.data ?? []).length === 0 ? (
          <Text size="sm">
            No {noun} matches “{debounced}”.
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Search results">
            {(found.data ?? []).map((venture) => {
              const already = picked.has(`${venture.type}:${venture.id}`);
              return (
                <Group component="li" key={venture.id} justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {venture.name}
                    </Text>
                    {venture.detail ? (
                      <Text size="xs" c="dimmed" truncate>
                        {venture.detail}
                      </Text>
                    ) : null}
                  </div>
                  <Button
                    size="xs"
                    variant="light"
                    disabled={already}
                    aria-label={already ? `${venture.name} is linked` : `Link ${venture.name}`}
                    leftSection={<IconPlus size={14} aria-hidden="true" />}
                    onClick={() => onPick({ type: venture.type, id: venture.id, name: venture.name })}
                    style={{ flexShrink: 0 }}
                  >
                    {already ? 'Linked' : 'Link'}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function WebLinkForm({ onAdd }: { onAdd: (link: LinkDraft) => void }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const submit = () => {
    // The shared schema decides, as the server will; only https addresses are offered here.
    const parsed = resourceLink.safeParse({ type: 'link', name: name.trim(), url: url.trim() });
    const next: { name?: string; url?: string } = {};
    if (!name.trim()) next.name = 'Give the link a name.';
    if (!parsed.success || !url.trim().toLowerCase().startsWith('https://'))
      next.url = 'An address starting with https://';
    setErrors(next);
    if (next.name || next.url || !parsed.success) return;
    onAdd(parsed.data as LinkDraft);
    setName('');
    setUrl('');
  };
  return (
    // Not a <form>: the editor sits inside the item's form, whose Enter must not submit from here.
    <Stack gap="xs" role="group" aria-label="Add a web page">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Web page name"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label="Web page address"
          placeholder="https://"
          type="url"
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
      </SimpleGrid>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={submit}
        style={{ alignSelf: 'flex-start' }}
      >
        Add web page
      </Button>
    </Stack>
  );
}
