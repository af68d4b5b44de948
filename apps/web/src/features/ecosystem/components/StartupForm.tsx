import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type StartupItem, startupBody } from '@nexus/contracts';
import { useState } from 'react';
import { uploadFile } from '../../../shared/files/upload-file';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useSaveStartupMutation } from '../api';
import { failure, fieldErrors } from './form-errors';
import { COUNTRY_OPTIONS, SECTOR_OPTIONS, STAGE_OPTIONS } from './labels';

interface Values {
  name: string;
  tagline: string;
  description: string;
  sector: string | null;
  stage: string | null;
  country: string | null;
  website: string;
  funding_asked: number | string;
  traction: string;
  team: string;
}

const fromItem = (item: StartupItem | null): Values => ({
  name: item?.name ?? '',
  tagline: item?.tagline ?? '',
  description: item?.description ?? '',
  sector: item?.sector ?? null,
  stage: item?.stage ?? null,
  country: item?.country ?? null,
  website: item?.website ?? '',
  funding_asked: item?.funding_asked ?? '',
  traction: item?.traction ?? '',
  team: (item?.team ?? []).map((m) => (m.role ? `${m.name}, ${m.role}` : m.name)).join('\n'),
});

/** One team member a line: "Name, role". */
const parseTeam = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', ...role] = line.split(',');
      return { name: name.trim(), role: role.join(',').trim() };
    });

/** Adds a startup or edits one; the pitch deck goes through the files module as a private document. */
export function StartupForm({
  opened,
  onClose,
  startup,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  startup: StartupItem | null;
  onSaved?: (item: StartupItem) => void;
}) {
  const [values, setValues] = useState<Values>(() => fromItem(startup));
  const [deck, setDeck] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [save] = useSaveStartupMutation();
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      tagline: values.tagline,
      description: values.description,
      sector: values.sector ?? '',
      stage: values.stage ?? '',
      country: values.country ?? '',
      website: values.website,
      funding_asked: values.funding_asked === '' ? null : Number(values.funding_asked),
      traction: values.traction,
      team: parseTeam(values.team),
    };
    const parsed = startupBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      const deckId = deck ? (await uploadFile(deck, 'document')).file_id : undefined;
      const item = await save({
        id: startup?.startup_id,
        body: { ...body, ...(deckId ? { deck_file_id: deckId } : {}) },
      }).unwrap();
      notify.success(startup ? 'Startup saved.' : 'Startup added.');
      onSaved?.(item);
      onClose();
    } catch (failed) {
      setError(failure(failed, 'The startup could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={startup ? `Edit ${startup.name}` : 'Add your startup'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Tagline"
            value={values.tagline}
            onChange={(e) => set('tagline')(e.currentTarget.value)}
            error={errors.tagline}
          />
          <Group grow wrap="wrap">
            <Select
              label="Sector"
              required
              data={SECTOR_OPTIONS}
              value={values.sector}
              onChange={set('sector')}
              error={errors.sector}
              searchable
            />
            <Select
              label="Stage"
              required
              data={STAGE_OPTIONS}
              value={values.stage}
              onChange={set('stage')}
              error={errors.stage}
            />
            <Select
              label="Country"
              required
              data={COUNTRY_OPTIONS}
              value={values.country}
              onChange={set('country')}
              error={errors.country}
              searchable
            />
          </Group>
          <Textarea
            label="Description"
            autosize
            minRows={3}
            value={values.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
            error={errors.description}
          />
          <Textarea
            label="Team"
            description="One person a line: name, role"
            autosize
            minRows={2}
            value={values.team}
            onChange={(e) => set('team')(e.currentTarget.value)}
            error={Object.entries(errors).find(([key]) => key.startsWith('team'))?.[1]}
          />
          <Group grow wrap="wrap">
            <TextInput
              label="Website"
              placeholder="https://"
              value={values.website}
              onChange={(e) => set('website')(e.currentTarget.value)}
              error={errors.website}
            />
            <NumberInput
              label="Funding asked (USD)"
              min={0}
              thousandSeparator=","
              value={values.funding_asked}
              onChange={set('funding_asked')}
              error={errors.funding_asked}
            />
          </Group>
          <Textarea
            label="Traction (private)"
            description="Only you and the centers and investors you apply to see this."
            autosize
            minRows={2}
            value={values.traction}
            onChange={(e) => set('traction')(e.currentTarget.value)}
            error={errors.traction}
          />
          <FileInput
            label="Pitch deck (private)"
            description={
              startup?.deck_file_id
                ? 'A deck is attached; choose a file to replace it.'
                : 'PDF or slides, seen only by you and those you apply to.'
            }
            accept="application/pdf,application/vnd.openxmlformats-officedocument.presentationml.presentation"
            value={deck}
            onChange={setDeck}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {startup ? 'Save startup' : 'Add startup'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
