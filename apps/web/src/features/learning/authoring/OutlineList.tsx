import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OutlineLevel } from './authoring-api';
import { OutlineRow } from './OutlineRow';
import { moveInOrder } from './outline-order';
import { useDragReorder } from './use-drag-reorder';

/** What the outline asks of the builder page; each returns false (after telling the user) on failure. */
export interface OutlineActions {
  rename: (level: OutlineLevel, id: number, name: string) => Promise<boolean>;
  reorder: (level: OutlineLevel, ids: number[]) => void;
  remove: (level: OutlineLevel, id: number, name: string) => void;
}

const NOUN = { courses: 'course', modules: 'module', units: 'unit' } as const;

interface OutlineListProps<T> {
  level: OutlineLevel;
  /** Keeps drags inside one list: a module never lands among another course's modules. */
  group: string;
  items: T[];
  idOf: (item: T) => number;
  nameOf: (item: T) => string;
  actions: OutlineActions;
  badgeOf?: (item: T) => string;
  rowActions?: (item: T) => ReactNode;
  /** What hangs under an item: a course's modules, a module's units. */
  children?: (item: T) => ReactNode;
}

/** One sibling list of the outline, reordered by drag and drop or by Move up and Move down. */
export function OutlineList<T>({
  level,
  group,
  items,
  idOf,
  nameOf,
  actions,
  badgeOf,
  rowActions,
  children,
}: OutlineListProps<T>) {
  const ids = items.map(idOf);
  const dragProps = useDragReorder(group, ids, (next) => actions.reorder(level, next));
  const noun = NOUN[level];
  return (
    <Stack component="ol" gap={children ? 'sm' : 2} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item, index) => {
        const id = idOf(item);
        const name = nameOf(item);
        const row = (
          <OutlineRow
            noun={noun}
            name={name}
            index={index}
            count={items.length}
            drag={dragProps(id)}
            onMove={(to) => {
              const next = moveInOrder(ids, index, to);
              if (next) actions.reorder(level, next);
            }}
            onRename={(value) => actions.rename(level, id, value)}
            onDelete={() => actions.remove(level, id, name)}
            badge={badgeOf?.(item)}
            actions={rowActions?.(item)}
          />
        );
        return (
          <li key={id}>
            {children ? (
              <section aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)}: ${name}`}>
                {row}
                {children(item)}
              </section>
            ) : (
              row
            )}
          </li>
        );
      })}
    </Stack>
  );
}
