import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type ProjectItem, projectBody } from '@nexus/contracts';
import { useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useSaveProjectMutation } from '../api';
import { failure, fieldErrors } from './form-errors';
import { SECTOR_OPTIONS, STATUS_OPTIONS } from './labels';

interface Values {
  title: string;
  summary: string;
  sector: string | null;
  status: string | null;
  needs: string;
  milestones: string;
}

const fromItem = (item: ProjectItem | null): Values => ({
  title: item?.title ?? '',
  summary: item?.summary ?? '',
  sector: item?.sector ?? null,
  status: item?.status ?? 'idea',
  needs: (item?.needs ?? []).join(', '),
  milestones: (item?.milestones ?? [])
    .map((m) => [m.done ? '[x]' : '', m.title, m.due ? `| ${m.due}` : ''].filter(Boolean).join(' '))
    .join('\n'),
});

/** One milestone a line: "[x] Title | 2027-03-31" (the mark and the date optional). */
const parseMilestones = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const done = line.startsWith('[x]');
      const [title = '', due = ''] = line.replace(/^\[x\]\s*/, '').split('|');
      return { title: title.trim(), due: due.trim() || null, done };
    });

/** Starts a project or edits one: status, milestones and what the team still needs. */
export function ProjectForm({
  opened,
  onClose,
  project,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  project: ProjectItem | null;
  onSaved?: (item: ProjectItem) => void;
}) {
  const [values, setValues] = useState<Values>(() => fromItem(project));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveProjectMutation();
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      title: values.title,
      summary: values.summary,
      sector: values.sector ?? '',
      status: values.status ?? 'idea',
      needs: values.needs
        .split(',')
        .map((need) => need.trim())
        .filter(Boolean),
      milestones: parseMilestones(values.milestones),
    };
    const parsed = projectBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const item = await save({ id: project?.project_id, body }).unwrap();
      notify.success(project ? 'Project saved.' : 'Project started.');
      onSaved?.(item);
      onClose();
    } catch (failed) {
      setError(failure(failed, 'The project could not be saved. Try again.'));
    }
  };
  const firstError = (prefix: string) => Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];

  return (
    <Modal opened={opened} onClose={onClose} title={project ? `Edit ${project.title}` : 'Start a project'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Title"
            required
            value={values.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errors.title}
          />
          <Textarea
            label="Summary"
            autosize
            minRows={3}
            value={values.summary}
            onChange={(e) => set('summary')(e.currentTarget.value)}
            error={errors.summary}
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
              label="Status"
              data={STATUS_OPTIONS}
              value={values.status}
              onChange={set('status')}
              error={errors.status}
            />
          </Group>
          <TextInput
            label="Needs"
            description="What the team is looking for, separated by commas"
            value={values.needs}
            onChange={(e) => set('needs')(e.currentTarget.value)}
            error={firstError('needs')}
          />
          <Textarea
            label="Milestones"
            description="One a line: title | YYYY-MM-DD; start with [x] when done"
            autosize
            minRows={2}
            value={values.milestones}
            onChange={(e) => set('milestones')(e.currentTarget.value)}
            error={firstError('milestones')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isLoading}>
              {project ? 'Save project' : 'Start project'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
