import {
  Alert,
  Anchor,
  Button,
  Container,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type FilePurpose,
  RESOURCE_KIND_LABELS,
  RESOURCE_KINDS,
  RESOURCE_VISIBILITY_LABELS,
  type ResourceFileSlot,
  type ResourceItem,
  type ResourceKind,
  type ResourceVisibility,
} from '@nexus/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { uploadFile } from '../../../shared/files/upload-file';
import {
  useAttachFileMutation,
  useCollectionsQuery,
  useCreateResourceMutation,
  useUpdateResourceMutation,
} from '../api';
import { type LinkDraft, LinksEditor, toLinkInput } from '../components/LinksEditor';
import { ResourceBrowser } from '../components/ResourceBrowser';
import { itemHref } from '../components/ResourceCard';

interface Pending {
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Where a file goes on its item, by what it is: the first document or media file is the main one. */
function slotOf(file: File, hasMain: boolean): { slot: ResourceFileSlot; purpose: FilePurpose } {
  if (file.name.toLowerCase().endsWith('.vtt')) return { slot: 'caption', purpose: 'document' };
  if (file.type.startsWith('image/')) return { slot: 'poster', purpose: 'media' };
  if (file.type.startsWith('video/') || file.type.startsWith('audio/'))
    return { slot: hasMain ? 'attachment' : 'main', purpose: 'media' };
  return { slot: hasMain ? 'attachment' : 'main', purpose: 'document' };
}

const words = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/**
 * /upload-documents (issue 21 point 2): several files at once, each with its progress bar, a metadata
 * form with what the item is about (startups, projects, web pages), and a choice to keep a draft,
 * submit for review (portals that need approval) or publish. The item is made as a draft first and
 * gets its final state once every file is in.
 */
export default function UploadDocumentsPage() {
  const auth = useAppSelector((state) => state.auth);
  const [params] = useSearchParams();
  const portals = useCollectionsQuery({});
  const [create] = useCreateResourceMutation();
  const [update] = useUpdateResourceMutation();
  const [attach] = useAttachFileMutation();
  const [collection, setCollection] = useState<string | null>(params.get('portal'));
  const [kind, setKind] = useState<ResourceKind>('report');
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [authors, setAuthors] = useState('');
  const [tags, setTags] = useState('');
  const [language, setLanguage] = useState('en');
  const [licence, setLicence] = useState('');
  const [visibility, setVisibility] = useState<ResourceVisibility>(
    auth.currentTenant ? 'tenant' : 'platform',
  );
  const [links, setLinks] = useState<LinkDraft[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ResourceItem | null>(null);
  const uploadable = (portals.data?.data ?? []).filter((c) => c.can_upload);
  const chosen = uploadable.find((c) => String(c.collection_id) === collection);
  const needsApproval = Boolean(chosen?.requires_approval && !chosen.can_manage);

  const setFile = (index: number, patch: Partial<Pending>) =>
    setPending((list) => list.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));

  async function submit(status: 'draft' | 'review' | 'published') {
    if (!title.trim()) {
      setTitleError('Give the resource a title.');
      return;
    }
    setTitleError(null);
    setError(null);
    setBusy(true);
    try {
      const item = await create({
        kind,
        title: title.trim(),
        summary,
        authors: words(authors),
        tags: words(tags).map((tag) => tag.toLowerCase()),
        language,
        licence,
        visibility,
        collection_id: chosen ? chosen.collection_id : null,
        links: links.map(toLinkInput),
        status: 'draft',
      }).unwrap();
      let hasMain = false;
      for (const [index, entry] of pending.entries()) {
        const { slot, purpose } = slotOf(entry.file, hasMain);
        if (slot === 'main') hasMain = true;
        setFile(index, { state: 'uploading', progress: 0 });
        try {
          const record = await uploadFile(entry.file, purpose, (progress) => setFile(index, { progress }));
          await attach({ item_id: item.item_id, file_id: record.file_id, slot }).unwrap();
          setFile(index, { state: 'done', progress: 100 });
        } catch (failure) {
          const message =
            (failure as HttpQueryError).message ??
            (failure as { response?: { data?: { message?: string } } }).response?.data?.message;
          setFile(index, { state: 'failed', error: message ?? 'The upload failed.' });
          throw new Error(
            `${entry.file.name}: ${message ?? 'the upload failed'}. The resource was kept as a draft.`,
          );
        }
      }
      setDone(status === 'draft' ? item : await update({ id: item.item_id, body: { status } }).unwrap());
    } catch (failure) {
      setError((failure as Error).message ?? (failure as HttpQueryError).message ?? 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Upload documents</Title>
          <Text c="dimmed">
            Add a report, template, publication or media with its details. Drafts stay visible to you only.
          </Text>
        </div>
        {done ? (
          <Alert color="green" title="Saved" role="status">
            <Text size="sm">
              “{done.title}” is{' '}
              {done.status === 'published'
                ? 'published'
                : done.status === 'review'
                  ? 'waiting for a manager’s approval'
                  : 'saved as a draft'}
              .{' '}
              <Anchor component={Link} to={itemHref(done)}>
                Open it
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" title="Not everything was saved" role="alert">
            {error}
          </Alert>
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit(needsApproval ? 'review' : 'published');
          }}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Documents portal"
                placeholder="None: my own resource"
                clearable
                value={collection}
                onChange={setCollection}
                data={uploadable.map((c) => ({ value: String(c.collection_id), label: c.name }))}
              />
              <Select
                label="Kind"
                value={kind}
                allowDeselect={false}
                onChange={(value) => setKind((value ?? 'report') as ResourceKind)}
                data={RESOURCE_KINDS.map((value) => ({ value, label: RESOURCE_KIND_LABELS[value] }))}
              />
            </SimpleGrid>
            <TextInput
              label="Title"
              required
              value={title}
              error={titleError}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label="Summary"
              autosize
              minRows={2}
              value={summary}
              onChange={(e) => setSummary(e.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Authors"
                description="Separated by commas"
                value={authors}
                onChange={(e) => setAuthors(e.currentTarget.value)}
              />
              <TextInput
                label="Tags"
                description="Separated by commas"
                value={tags}
                onChange={(e) => setTags(e.currentTarget.value)}
              />
              <Select
                label="Language"
                value={language}
                allowDeselect={false}
                onChange={(value) => setLanguage(value ?? 'en')}
                data={[
                  { value: 'en', label: 'English' },
                  { value: 'fr', label: 'French' },
                  { value: 'es', label: 'Spanish' },
                  { value: 'de', label: 'German' },
                  { value: 'hi', label: 'Hindi' },
                ]}
              />
              <TextInput
                label="Licence"
                placeholder="CC BY 4.0"
                value={licence}
                onChange={(e) => setLicence(e.currentTarget.value)}
              />
              <Select
                label="Who can see it"
                value={visibility}
                allowDeselect={false}
                onChange={(value) => setVisibility((value ?? 'tenant') as ResourceVisibility)}
                data={(['public', 'platform', 'tenant'] as const)
                  .filter((v) => v !== 'tenant' || auth.currentTenant)
                  .map((value) => ({ value, label: RESOURCE_VISIBILITY_LABELS[value] }))}
              />
            </SimpleGrid>
            <LinksEditor value={links} onChange={setLinks} />
            <FileInput
              label="Files"
              description="PDF or Office documents; for media, the video or audio, a .vtt captions file and a poster image"
              multiple
              clearable
              value={pending.map((entry) => entry.file)}
              onChange={(files) => setPending(files.map((file) => ({ file, progress: 0, state: 'waiting' })))}
            />
            {pending.length > 0 ? (
              <Stack gap="xs" aria-label="Uploads">
                {pending.map((entry) => (
                  <Stack key={`${entry.file.name}-${entry.file.size}`} gap={2}>
                    <Group justify="space-between">
                      <Text size="sm">{entry.file.name}</Text>
                      <Text size="sm" c={entry.state === 'failed' ? 'red.8' : 'dimmed'}>
                        {entry.state === 'failed'
                          ? entry.error
                          : entry.state === 'done'
                            ? 'Uploaded'
                            : `${entry.progress}%`}
                      </Text>
                    </Group>
                    <Progress
                      value={entry.progress}
                      color={entry.state === 'failed' ? 'red' : entry.state === 'done' ? 'green' : 'blue'}
                      aria-label={`Upload of ${entry.file.name}`}
                    />
                  </Stack>
                ))}
              </Stack>
            ) : null}
            <Group>
              <Button type="submit" loading={busy}>
                {needsApproval ? 'Submit for review' : 'Publish'}
              </Button>
              <Button variant="light" disabled={busy} onClick={() => void submit('draft')}>
                Save as draft
              </Button>
            </Group>
          </Stack>
        </form>
        <ResourceBrowser
          level={2}
          title="My uploads"
          intro="Your drafts, documents under review and published ones."
          scope="mine"
        />
      </Stack>
    </Container>
  );
}
