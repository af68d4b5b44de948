import { Alert, Button, Group, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { SCHEME_SECTORS, type SchemeItem, type SchemeSector, SECTORS, schemeCreate } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useCreateSchemeMutation, useUpdateSchemeMutation } from '../api';

interface Draft {
  name: string;
  agency: string;
  description: string;
  eligibility: string;
  steps: string;
  link: string;
  sectors: SchemeSector[];
  deadline: string;
}

const fromScheme = (scheme?: SchemeItem): Draft => ({
  name: scheme?.name ?? '',
  agency: scheme?.agency ?? '',
  description: scheme?.description ?? '',
  eligibility: scheme?.eligibility ?? '',
  steps: scheme?.how_to_apply.join('\n') ?? '',
  link: scheme?.link ?? 'https://',
  sectors: scheme?.sectors ?? [],
  deadline: scheme?.deadline ?? '',
});

/** Publishing or editing a scheme, checked with the server's own schema before sending. */
export function SchemeForm({ scheme, onDone }: { scheme?: SchemeItem; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(fromScheme(scheme));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateSchemeMutation();
  const [update, updating] = useUpdateSchemeMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name: draft.name,
      agency: draft.agency,
      description: draft.description,
      eligibility: draft.eligibility,
      how_to_apply: draft.steps
        .split('\n')
        .map((step) => step.trim())
        .filter(Boolean),
      link: draft.link.trim(),
      sectors: draft.sectors,
      deadline: draft.deadline || null,
    };
    const parsed = schemeCreate.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (scheme) await update({ id: scheme.scheme_id, data: body }).unwrap();
      else await create(body).unwrap();
      notify.success(scheme ? 'Scheme saved' : 'Scheme published');
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'We could not save the scheme.');
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          value={draft.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <TextInput
          label="Body or agency"
          required
          value={draft.agency}
          error={errors.agency}
          onChange={(e) => set('agency', e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Textarea
          label="Eligibility"
          required
          autosize
          minRows={2}
          value={draft.eligibility}
          error={errors.eligibility}
          onChange={(e) => set('eligibility', e.currentTarget.value)}
        />
        <Textarea
          label="How to apply"
          description="One step per line."
          required
          autosize
          minRows={2}
          value={draft.steps}
          error={errors.how_to_apply}
          onChange={(e) => set('steps', e.currentTarget.value)}
        />
        <TextInput
          label="Link"
          required
          value={draft.link}
          error={errors.link}
          onChange={(e) => set('link', e.currentTarget.value)}
        />
        <MultiSelect
          label="Sectors"
          required
          data={SCHEME_SECTORS.map((value) => ({ value, label: SECTORS.labels[value] }))}
          value={draft.sectors}
          error={errors.sectors}
          onChange={(value) => set('sectors', value as SchemeSector[])}
        />
        <TextInput
          type="date"
          label="Deadline"
          description="Leave empty when the scheme is always open."
          value={draft.deadline}
          error={errors.deadline}
          onChange={(e) => set('deadline', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            {scheme ? 'Save' : 'Publish'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
