import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { loadMenus } from '../../navigation';
import {
  type CustomMenu,
  useCreateMenuMutation,
  useDeleteMenuMutation,
  useListMenusQuery,
  useUpdateMenuMutation,
  useUpdateMenusMutation,
} from '../api';
import {
  buildMenuTree,
  descendantIds,
  isEditableMenu,
  type MenuNode,
  menuAddressError,
  moveAmongFixed,
  nextSortOrder,
  siblingsOf,
} from '../menu-tree';
import { useContextTenantId } from './UsersTab';

type Editing = { mode: 'add'; parentId: number | null } | { mode: 'edit'; menu: CustomMenu };

/**
 * The menu tree the sidebar shows (docs/permissions.md, "Menus of a tenant"): the platform's menus
 * plus, inside a tenant, the tenant's own. Each scope changes only its own menus: inside a tenant the
 * platform's are shown locked, and the tenant adds its entries at the top level or under any menu.
 * Add, rename, change the address, re-parent, move up and down, delete with confirmation; the sidebar
 * reads the menus again after every change.
 */
export function MenuEditorTab() {
  const actorId = useActorId();
  const dispatch = useAppDispatch();
  const tenantId = useContextTenantId();
  const editable = (menu: CustomMenu) => isEditableMenu(menu, tenantId);
  const [path, setPath] = useState('');
  const [pathError, setPathError] = useState<string | null>(null);
  const refreshSidebar = () => void dispatch(loadMenus());
  const query = useListMenusQuery();
  const [createMenu] = useCreateMenuMutation();
  const [updateMenu] = useUpdateMenuMutation();
  const [updateMenus] = useUpdateMenusMutation();
  const [deleteMenu] = useDeleteMenuMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [target, setTarget] = useState<CustomMenu | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const menus = query.data?.data ?? [];
  const tree = buildMenuTree(menus);

  const openAdd = (parentId: number | null) => {
    setEditing({ mode: 'add', parentId });
    setName('');
    setPath('');
    setPathError(null);
    setParent(parentId === null ? null : String(parentId));
    setFormError(null);
  };
  const openEdit = (menu: CustomMenu) => {
    setEditing({ mode: 'edit', menu });
    setName(menu.menu_name);
    setPath(menu.path ?? '');
    setPathError(null);
    setParent(menu.menu_parent_id === null ? null : String(menu.menu_parent_id));
    setFormError(null);
  };

  const save = async () => {
    if (!editing) return;
    const nameError = name.trim() ? null : 'Enter a menu name';
    const addressError = menuAddressError(path);
    setFormError(nameError);
    setPathError(addressError);
    if (nameError || addressError) return;
    const parentId = parent ? Number(parent) : null;
    try {
      if (editing.mode === 'add') {
        await createMenu({
          menu_name: name.trim(),
          menu_parent_id: parentId,
          path: path.trim(),
          sort_order: nextSortOrder(menus, parentId),
          created_by: actorId,
        }).unwrap();
      } else {
        const moved = parentId !== editing.menu.menu_parent_id;
        await updateMenu({
          id: editing.menu.menu_id,
          menu_name: name.trim(),
          menu_parent_id: parentId,
          path: path.trim(),
          ...(moved ? { sort_order: nextSortOrder(menus, parentId) } : {}),
          modified_by: actorId,
        }).unwrap();
      }
      setEditing(null);
      refreshSidebar();
    } catch (failure) {
      setFormError((failure as HttpQueryError).message);
    }
  };

  const move = async (menu: CustomMenu, step: -1 | 1) => {
    const changes = moveAmongFixed(menus, menu, step, editable);
    setMoveError(null);
    if (changes === null) {
      setMoveError(
        `${menu.menu_name} cannot move past the platform's menus there: no place is free between them.`,
      );
      return;
    }
    if (changes.length === 0) return;
    try {
      await updateMenus(changes.map((change) => ({ ...change, modified_by: actorId }))).unwrap();
      refreshSidebar();
    } catch (failure) {
      setMoveError((failure as HttpQueryError).message);
    }
  };

  const excluded = editing?.mode === 'edit' ? descendantIds(menus, editing.menu.menu_id) : new Set<number>();
  const parentOptions = menus
    .filter((menu) => !excluded.has(menu.menu_id))
    .map((menu) => ({ value: String(menu.menu_id), label: menu.menu_name }));

  const renderNode = (node: MenuNode, depth: number) => {
    const siblings = siblingsOf(menus, node);
    const index = siblings.findIndex((item) => item.menu_id === node.menu_id);
    const own = editable(node);
    return (
      <li key={node.menu_id} style={{ listStyle: 'none' }}>
        <Paper withBorder p="xs" ml={depth * 16} mb={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={depth === 0 ? 600 : 400} truncate="end">
                  {node.menu_name}
                </Text>
                {own ? null : (
                  <Tooltip label="Set by the platform administrator for every organisation; add your own entries beside or under it">
                    <Badge
                      size="xs"
                      variant="light"
                      color="gray"
                      leftSection={<IconLock size={10} aria-hidden="true" />}
                      tabIndex={0}
                    >
                      Platform
                    </Badge>
                  </Tooltip>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {node.path || 'No address'}
              </Text>
            </div>
            <Group gap={2} wrap="nowrap">
              {own ? (
                <>
                  <Tooltip label="Move up">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${node.menu_name} up`}
                      disabled={index <= 0}
                      onClick={() => move(node, -1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${node.menu_name} down`}
                      disabled={index >= siblings.length - 1}
                      onClick={() => move(node, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                </>
              ) : null}
              <Tooltip label="Add a submenu">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Add a submenu to ${node.menu_name}`}
                  onClick={() => openAdd(node.menu_id)}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Tooltip>
              {own ? (
                <>
                  <Tooltip label="Rename, change the address or move">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${node.menu_name}`}
                      onClick={() => openEdit(node)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${node.menu_name}`}
                      onClick={() => setTarget(node)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </>
              ) : null}
            </Group>
          </Group>
        </Paper>
        {node.children.length > 0 ? (
          <ul style={{ padding: 0, margin: 0 }}>
            {node.children.map((child) => renderNode(child, depth + 1))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <Stack gap="md">
      {tenantId !== null ? (
        <Alert color="blue" variant="light" title="This organisation's menu">
          Members see the platform's menus and the entries you add here, in this order. Platform menus are
          locked; add your own at the top level or under any menu.
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => openAdd(null)}>
          New menu
        </Button>
      </Group>
      {moveError ? (
        <Text c="red" size="sm" role="alert">
          {moveError}
        </Text>
      ) : null}
      <QueryState
        label="menus"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={menus.length === 0}
        emptyText="No menus yet"
        onRetry={() => query.refetch()}
      >
        <ul aria-label="Menu tree" style={{ padding: 0, margin: 0 }}>
          {tree.map((node) => renderNode(node, 0))}
        </ul>
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit menu' : 'New menu'}
      >
        <Stack gap="sm">
          <TextInput
            label="Menu name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={formError}
          />
          <TextInput
            label="Address"
            description="A page of this site, such as /lxp, or an address starting with https://"
            required
            value={path}
            onChange={(event) => setPath(event.currentTarget.value)}
            error={pathError}
          />
          <Select
            label="Parent menu"
            placeholder="Top level"
            clearable
            data={parentOptions}
            value={parent}
            onChange={setParent}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button onClick={save}>Save</Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={target !== null}
        title="Delete menu"
        message={`Delete the menu ${target?.menu_name ?? ''}? Roles granted it lose the entry.`}
        confirmLabel="Delete"
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          deleteMenu({ id: target?.menu_id ?? 0, userId: actorId })
            .unwrap()
            .then(refreshSidebar)
        }
      />
    </Stack>
  );
}
