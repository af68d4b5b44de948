import { Alert, Button, Group, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type CenterItem, centerBody } from '@nexus/contracts';
import { useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useSaveCenterMutation } from '../api';
import { failure, fieldErrors } from './form-errors';
import { CENTER_KIND_OPTIONS, COUNTRY_OPTIONS, SECTOR_OPTIONS } from './labels';

/** Adds an incubator, accelerator or startup hub, with the criteria its reviewers rate applications on. */
export function CenterForm({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved?: (center: CenterItem) => void;
}) {
  const [values, setValues] = useState({
    name: '',
    kind: null as string | null,
    country: null as string | null,
    description: '',
    sectors: [] as string[],
    criteria: 'Team, Market, Traction',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveCenterMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      kind: values.kind ?? '',
      country: values.country ?? '',
      description: values.description,
      sectors: values.sectors,
      criteria: values.criteria
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    };
    const parsed = centerBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const center = await save({ body }).unwrap();
      notify.success(`${center.name} is listed.`);
      onSaved?.(center);
      onClose();
    } catch (failed) {
      setError(failure(failed, 'The center was not saved. Try again.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Add an innovation center">
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
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Group grow wrap="wrap">
            <Select
              label="Kind"
              required
              data={CENTER_KIND_OPTIONS}
              value={values.kind}
              onChange={(kind) => setValues({ ...values, kind })}
              error={errors.kind}
            />
            <Select
              label="Country"
              required
              searchable
              data={COUNTRY_OPTIONS}
              value={values.country}
              onChange={(country) => setValues({ ...values, country })}
              error={errors.country}
            />
          </Group>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          />
          <MultiSelect
            label="Sectors"
            data={SECTOR_OPTIONS}
            value={values.sectors}
            onChange={(sectors) => setValues({ ...values, sectors })}
            searchable
          />
          <TextInput
            label="Review criteria"
            description="What reviewers rate applications on, separated by commas"
            required
            value={values.criteria}
            onChange={(e) => setValues({ ...values, criteria: e.currentTarget.value })}
            error={Object.entries(errors).find(([key]) => key.startsWith('criteria'))?.[1]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isLoading}>
              Add center
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
