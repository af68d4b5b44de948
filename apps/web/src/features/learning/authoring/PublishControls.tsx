import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import type { Program } from '@nexus/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useDeleteProgramMutation, useUpdateProgramMutation } from './authoring-api';

type Pending = 'publish' | 'unpublish' | 'delete' | null;

/**
 * Draft or published, and deleting the program. Publishing shows the program to every learner of its
 * scope, so it asks first, as do taking it back to draft and deleting it.
 */
export function PublishControls({ program, userId }: { program: Program; userId: number }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [update] = useUpdateProgramMutation();
  const [remove] = useDeleteProgramMutation();
  const published = program.status === 'published';
  const hintId = useId();

  const setStatus = async (status: Program['status']) => {
    await update({ programId: program.program_id, changes: { status } }).unwrap();
    void notify.success(status === 'published' ? 'Program published' : 'Program is a draft again');
  };
  const deleteProgram = async () => {
    await remove({ programId: program.program_id, userId }).unwrap();
    void notify.success('Program deleted');
    navigate('/manage-programs');
  };

  return (
    <Stack gap="md">
      <div>
        <Switch
          label="Published"
          aria-describedby={hintId}
          checked={published}
          onChange={(event) => setPending(event.currentTarget.checked ? 'publish' : 'unpublish')}
        />
        <Text id={hintId} size="sm" c="dimmed" mt={4}>
          {published
            ? 'Learners of this program’s scope can find it and enrol.'
            : 'Draft: only authors see it. Turn on to publish.'}
        </Text>
      </div>
      <Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => setPending('delete')}
        >
          Delete program
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Deleting removes the program and its outline for everyone, learners included.
      </Text>
      <ConfirmDialog
        opened={pending === 'publish'}
        title="Publish this program?"
        message={`“${program.program_name}” will be visible to every learner who can see this catalogue, and they can enrol.`}
        confirmLabel="Publish"
        confirmColor="green"
        onCancel={() => setPending(null)}
        onConfirm={() => setStatus('published')}
      />
      <ConfirmDialog
        opened={pending === 'unpublish'}
        title="Back to draft?"
        message={`Learners will no longer find or open “${program.program_name}” until you publish it again.`}
        confirmLabel="Unpublish"
        confirmColor="orange"
        onCancel={() => setPending(null)}
        onConfirm={() => setStatus('draft')}
      />
      <ConfirmDialog
        opened={pending === 'delete'}
        title="Delete this program?"
        message={`“${program.program_name}” and everything in it will be deleted.`}
        confirmLabel="Delete"
        onCancel={() => setPending(null)}
        onConfirm={deleteProgram}
      />
    </Stack>
  );
}
