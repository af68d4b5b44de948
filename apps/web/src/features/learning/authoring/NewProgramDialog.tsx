import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { useCreateProgramMutation } from './authoring-api';
import { EMPTY_PROGRAM, ProgramFields, programBody } from './ProgramFields';

interface NewProgramDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Who the program will belong to, in words: the caller's tenant or the whole platform. */
  owner: string;
}

/** Creates a draft program and opens its builder; nobody but authors sees it until it is published. */
export function NewProgramDialog({ opened, onClose, owner }: NewProgramDialogProps) {
  const navigate = useNavigate();
  const [create, creating] = useCreateProgramMutation();
  const [draft, setDraft] = useState(EMPTY_PROGRAM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setDraft(EMPTY_PROGRAM);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = programBody(draft, false);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      const program = await create({ ...body, status: 'draft' }).unwrap();
      close();
      navigate(`/program/manage/${program.program_id}`);
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="New program">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The program starts as a draft that only authors see. It will belong to <strong>{owner}</strong>.
          </Text>
          <ProgramFields value={draft} onChange={setDraft} errors={errors} />
          {failure ? (
            <Alert color="red" role="alert" title="The program was not created">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={creating.isLoading}>
              Create draft
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
