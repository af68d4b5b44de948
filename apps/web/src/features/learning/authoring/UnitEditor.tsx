import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { type TreeUnit, UNIT_TYPES, type UnitType } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useUpdateUnitMutation } from './authoring-api';
import { UnitContentFields } from './UnitContentFields';
import { unitBody, unitDraftOf } from './unit-form';
import { UNIT_KIND_LABELS } from './unit-kinds';

const KIND_OPTIONS = UNIT_TYPES.map((value) => ({ value, label: UNIT_KIND_LABELS[value] }));

interface UnitEditorProps {
  programId: number;
  unit: TreeUnit;
  onDone: () => void;
}

/** One unit's name, kind, content and whether it counts toward completion; Save unit writes it. */
export function UnitEditor({ programId, unit, onDone }: UnitEditorProps) {
  const [draft, setDraft] = useState(() => unitDraftOf(unit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [update, updating] = useUpdateUnitMutation();
  const change = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = unitBody(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await update({ programId, unitId: unit.unit_id, changes: body }).unwrap();
      void notify.success('Unit saved');
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <TextInput
          label="Unit name"
          required
          maxLength={200}
          value={draft.unit_name}
          onChange={(event) => change({ unit_name: event.currentTarget.value })}
          error={errors.unit_name}
        />
        <Select
          label="Unit kind"
          data={KIND_OPTIONS}
          value={draft.unit_type}
          onChange={(value) => change({ unit_type: (value as UnitType | null) ?? draft.unit_type })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <UnitContentFields draft={draft} onChange={change} errors={errors} />
        <Checkbox
          label="Required to complete the program"
          checked={draft.is_required}
          onChange={(event) => change({ is_required: event.currentTarget.checked })}
        />
        {failure ? (
          <Alert color="red" role="alert" title="The unit was not saved">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={updating.isLoading}>
            Save unit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
