import type { TreeUnit, UnitType } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import {
  type OutlineLevel,
  useAddOutlineItemMutation,
  useDeleteOutlineItemMutation,
  useRenameOutlineItemMutation,
  useReorderOutlineMutation,
} from './authoring-api';
import type { OutlineEditorProps } from './OutlineEditor';

export interface PendingDelete {
  level: OutlineLevel;
  id: number;
  name: string;
}

const messageOf = (error: unknown) => (error as HttpQueryError).message ?? 'Request failed';

/**
 * The builder's outline calls. A failure is shown as a toast with the server's message (spec section
 * 8) and reported back, so a form keeps what the author typed.
 */
export function useOutlineActions(programId: number, userId: number) {
  const [add] = useAddOutlineItemMutation();
  const [rename] = useRenameOutlineItemMutation();
  const [reorder] = useReorderOutlineMutation();
  const [remove] = useDeleteOutlineItemMutation();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [editing, setEditing] = useState<TreeUnit | null>(null);

  const attempt = async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      return true;
    } catch (error) {
      void notify.error(messageOf(error));
      return false;
    }
  };

  const actions: OutlineEditorProps['actions'] = {
    add: (level, parentId, name, position, unitType?: UnitType) =>
      attempt(() => add({ programId, level, parentId, name, position, unitType }).unwrap()),
    rename: (level, id, name) => attempt(() => rename({ programId, level, id, name }).unwrap()),
    reorder: (level, ids) => {
      void attempt(() => reorder({ programId, level, ids }).unwrap());
    },
    remove: (level, id, name) => setPendingDelete({ level, id, name }),
    editUnit: setEditing,
  };

  /** Runs the confirmed delete; a rejection keeps the confirmation open with the message. */
  const confirmDelete = async () => {
    if (!pendingDelete) return;
    await remove({ programId, level: pendingDelete.level, id: pendingDelete.id, userId }).unwrap();
    void notify.success(`Deleted ${pendingDelete.name}`);
  };

  return {
    actions,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete,
    editing,
    stopEditing: () => setEditing(null),
  };
}
