import { Alert, Anchor, Button, Group, List, Stack, Title } from '@mantine/core';
import type { ResourceItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useUpdateResourceMutation } from '../api';
import { type LinkDraft, LinksEditor, toLinkDraft, toLinkInput } from './LinksEditor';

/**
 * What an item is about, on its page: startups and projects of the platform link to their pages here
 * (named as they are now), web pages to themselves. Whoever may change the item edits the links.
 */
export function ItemLinks({ item }: { item: ResourceItem }) {
  const [editing, setEditing] = useState<LinkDraft[] | null>(null);
  const [update, saving] = useUpdateResourceMutation();
  const [error, setError] = useState<string | null>(null);
  if (item.links.length === 0 && !item.can_manage) return null;

  async function save(links: LinkDraft[]) {
    setError(null);
    try {
      await update({ id: item.item_id, body: { links: links.map(toLinkInput) } }).unwrap();
      setEditing(null);
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'The links were not saved.');
    }
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h3">
          About
        </Title>
        {item.can_manage && !editing ? (
          <Button size="xs" variant="light" onClick={() => setEditing(item.links.map(toLinkDraft))}>
            Edit links
          </Button>
        ) : null}
      </Group>
      {editing ? (
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert" title="Not saved">
              {error}
            </Alert>
          ) : null}
          <LinksEditor value={editing} onChange={setEditing} />
          <Group>
            <Button loading={saving.isLoading} onClick={() => void save(editing)}>
              Save links
            </Button>
            <Button variant="default" disabled={saving.isLoading} onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : item.links.length === 0 ? null : (
        <List>
          {item.links.map((link) =>
            link.type === 'link' ? (
              <List.Item key={link.url}>
                <Anchor href={link.url}>{link.name}</Anchor> (web page)
              </List.Item>
            ) : (
              <List.Item key={link.url}>
                <Anchor component={Link} to={link.url}>
                  {link.name}
                </Anchor>{' '}
                ({link.type})
              </List.Item>
            ),
          )}
        </List>
      )}
    </Stack>
  );
}
