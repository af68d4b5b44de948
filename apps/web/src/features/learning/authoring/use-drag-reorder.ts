import { type DragEvent, useState } from 'react';
import { moveInOrder } from './outline-order';

/** The drag props of one row, and whether a dragged sibling would land before it. */
export interface DragRow {
  draggable: true;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
  'data-drop-target'?: true;
}

/**
 * HTML5 drag and drop among siblings (no library: rows only move within their parent, since the API
 * does not move a module to another course). `group` keeps a course from landing among modules.
 * Keyboard users have Move up and Move down, which call the same `onReorder`.
 */
export function useDragReorder(group: string, ids: readonly number[], onReorder: (ids: number[]) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const mime = `application/x-nexus-${group}`;

  return (id: number): DragRow => ({
    draggable: true,
    onDragStart: (event) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(mime, String(id));
      setDragged(id);
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
    onDragOver: (event) => {
      if (!event.dataTransfer.types.includes(mime)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      if (over !== id) setOver(id);
    },
    onDragLeave: () => setOver((current) => (current === id ? null : current)),
    onDrop: (event) => {
      const source = Number(event.dataTransfer.getData(mime) || dragged);
      setDragged(null);
      setOver(null);
      if (!source) return;
      event.preventDefault();
      event.stopPropagation();
      const next = moveInOrder(ids, ids.indexOf(source), ids.indexOf(id));
      if (next) onReorder(next);
    },
    ...(over === id && dragged !== id ? { 'data-drop-target': true as const } : {}),
  });
}
