import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Program } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useUpdateProgramMutation } from './authoring-api';
import { draftOf, ProgramFields, programBody } from './ProgramFields';

/** The program's name, category, description, dates and image, saved with update/{id}. */
export function ProgramDetailsForm({ program }: { program: Program }) {
  const [draft, setDraft] = useState(() => draftOf(program));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [update, updating] = useUpdateProgramMutation();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = programBody(draft, true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await update({ programId: program.program_id, changes: body }).unwrap();
      void notify.success('Program details saved');
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <ProgramFields value={draft} onChange={setDraft} errors={errors} withImage />
        {failure ? (
          <Alert color="red" role="alert" title="The details were not saved">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={updating.isLoading}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
