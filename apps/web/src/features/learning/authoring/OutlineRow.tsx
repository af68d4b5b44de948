import { ActionIcon, Badge, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import classes from './OutlineRow.module.css';
import type { DragRow } from './use-drag-reorder';

interface OutlineRowProps {
  noun: 'course' | 'module' | 'unit';
  name: string;
  index: number;
  count: number;
  drag: DragRow;
  onMove: (to: number) => void;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
  /** Shown after the name: a unit's kind. */
  badge?: string;
  /** Extra actions, such as a unit's Edit. */
  actions?: ReactNode;
}

/**
 * One course, module or unit line: drag handle, name (renamed in place), Move up and Move down for
 * keyboard users, and Delete. Icon buttons carry the item's name, so each is told apart by ear.
 */
export function OutlineRow({
  noun,
  name,
  index,
  count,
  drag,
  onMove,
  onRename,
  onDelete,
  badge,
  actions,
}: OutlineRowProps) {
  const [renaming, setRenaming] = useState(false);
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);

  // React moves the row's DOM node to its new place, which drops focus; keyboard users keep their
  // place on the same button, or on the other one once the row reaches an end.
  const move = (to: number, pressed: 'up' | 'down') => {
    onMove(to);
    requestAnimationFrame(() => {
      const [first, second] = pressed === 'up' ? [upRef, downRef] : [downRef, upRef];
      const target = first.current?.disabled ? second.current : first.current;
      target?.focus();
    });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!value.trim() || value.trim() === name) {
      setRenaming(false);
      return;
    }
    setBusy(true);
    const saved = await onRename(value.trim());
    setBusy(false);
    if (saved) setRenaming(false);
  };

  if (renaming) {
    return (
      <form onSubmit={save} className={classes.row}>
        <Group gap="xs" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
          <TextInput
            label={`New ${noun} name`}
            size="sm"
            value={value}
            maxLength={200}
            onChange={(event) => setValue(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setRenaming(false);
            }}
            data-autofocus
            autoFocus
            style={{ flex: '1 1 160px' }}
          />
          <Button type="submit" size="sm" loading={busy}>
            Save name
          </Button>
          <Button size="sm" variant="default" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <div className={classes.row} {...drag}>
      <span className={classes.handle} aria-hidden="true" title="Drag to reorder">
        <IconGripVertical size={16} />
      </span>
      <Text fw={noun === 'unit' ? 400 : 600} className={classes.name}>
        {name}
      </Text>
      {badge ? (
        <Badge variant="outline" size="sm" style={{ flexShrink: 0 }}>
          {badge}
        </Badge>
      ) : null}
      <Group gap={4} wrap="nowrap" className={classes.actions}>
        {actions}
        <Tooltip label="Move up">
          <ActionIcon
            variant="subtle"
            ref={upRef}
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => move(index - 1, 'up')}
          >
            <IconArrowUp size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Move down">
          <ActionIcon
            variant="subtle"
            ref={downRef}
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => move(index + 1, 'down')}
          >
            <IconArrowDown size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Rename">
          <ActionIcon
            variant="subtle"
            aria-label={`Rename ${noun} ${name}`}
            onClick={() => {
              setValue(name);
              setRenaming(true);
            }}
          >
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${noun} ${name}`} onClick={onDelete}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
