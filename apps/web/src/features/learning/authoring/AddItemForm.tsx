import { Button, Group, Select, TextInput } from '@mantine/core';
import { UNIT_TYPES, type UnitType } from '@nexus/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { UNIT_KIND_LABELS } from './unit-kinds';

interface AddItemFormProps {
  /** "course", "module" or "unit": names the input ("Course name") and the button ("Add course"). */
  noun: 'course' | 'module' | 'unit';
  onAdd: (name: string, unitType?: UnitType) => Promise<boolean>;
}

const KIND_OPTIONS = UNIT_TYPES.map((value) => ({ value, label: UNIT_KIND_LABELS[value] }));

/**
 * What stays in the field once an add went through: text typed after the submitted name while the
 * add was in flight is the start of the next one; a name edited meanwhile is left as it is.
 */
function withoutSubmitted(current: string, submitted: string): string {
  return current.startsWith(submitted) ? current.slice(submitted.length).trimStart() : current;
}

/** A name (and for units a kind) and one button: adds the item at the end of its list. */
export function AddItemForm({ noun, onAdd }: AddItemFormProps) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<UnitType>('text');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = `${noun[0]?.toUpperCase()}${noun.slice(1)} name`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Enter in the field still submits while the button spins; a second add would be a duplicate.
    if (busy) return;
    const submitted = name;
    if (!submitted.trim()) {
      setError(`Give the ${noun} a name.`);
      return;
    }
    setError(null);
    setBusy(true);
    const added = await onAdd(submitted.trim(), noun === 'unit' ? kind : undefined);
    setBusy(false);
    // A failed add keeps the name (the error is shown) so it can be sent again.
    if (added) setName((current) => withoutSubmitted(current, submitted));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={label}
          placeholder={`New ${noun}`}
          size="sm"
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 160px' }}
        />
        {noun === 'unit' ? (
          <Select
            label="Unit kind"
            size="sm"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(value) => setKind((value as UnitType | null) ?? 'text')}
            allowDeselect={false}
            style={{ flex: '0 1 150px' }}
          />
        ) : null}
        <Button
          type="submit"
          size="sm"
          variant="light"
          loading={busy}
          leftSection={<IconPlus size={14} aria-hidden="true" />}
        >
          Add {noun}
        </Button>
      </Group>
    </form>
  );
}
