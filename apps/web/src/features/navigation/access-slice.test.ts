import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { http } from '../../shared/api/http';
import { httpError, ok } from '../../shared/session/test-fixtures';
import {
  initialNavigationAccessState,
  isCustomRole,
  loadCustomRoles,
  loadMenus,
  loadPrivileges,
  selectNavigationAccess,
} from './access-slice';

function freshStore() {
  const { store, persistor } = createAppStore();
  persistor.pause();
  return store;
}

const PRIVILEGES = [
  { privilege_menu_id: 2, menu_name: 'Learning', menu_parent_name: null },
  { privilege_menu_id: 22, menu_name: 'My library', menu_parent_name: 'Learning' },
];

describe('navigation access state', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts empty', () => {
    expect(selectNavigationAccess(freshStore().getState())).toEqual(initialNavigationAccessState);
  });

  it('loads the privileges of the active role with GET getMyPrivileges?role_id=', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(ok({ data: PRIVILEGES }));
    const store = freshStore();
    await store.dispatch(loadPrivileges({ role_id: 40 }));
    expect(get).toHaveBeenCalledWith('/api/user/privileges/getMyPrivileges', { params: { role_id: 40 } });
    expect(selectNavigationAccess(store.getState())).toMatchObject({
      privilegesRoleId: 40,
      privileges: PRIVILEGES,
      privilegesStatus: 'succeeded',
      privilegesError: null,
    });
  });

  it("stores 'Failed to fetch system role privileges.' when a system role's list fails", async () => {
    vi.spyOn(http, 'get').mockRejectedValue(httpError(500, 'boom'));
    const store = freshStore();
    await store.dispatch(loadPrivileges({ role_id: 40, parent_user_id: null }));
    expect(selectNavigationAccess(store.getState())).toMatchObject({
      privileges: null,
      privilegesStatus: 'failed',
      privilegesError: 'Failed to fetch system role privileges.',
    });
  });

  it("stores 'Failed to fetch custom role privileges.' when a custom role's list fails", async () => {
    vi.spyOn(http, 'get').mockRejectedValue(httpError(500));
    const store = freshStore();
    await store.dispatch(loadPrivileges({ role_id: 90, parent_user_id: 7 }));
    expect(selectNavigationAccess(store.getState()).privilegesError).toBe(
      'Failed to fetch custom role privileges.',
    );
  });

  it("keeps the server's spec message, such as 'Failed to fetch user roles.', but not other texts", async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValueOnce(httpError(500, 'Failed to fetch user roles.'));
    const store = freshStore();
    await store.dispatch(loadPrivileges({ role_id: 40 }));
    expect(selectNavigationAccess(store.getState()).privilegesError).toBe('Failed to fetch user roles.');
    get.mockRejectedValueOnce(httpError(404, 'Role not found'));
    await store.dispatch(loadPrivileges({ role_id: 40 }));
    expect(selectNavigationAccess(store.getState()).privilegesError).toBe(
      'Failed to fetch system role privileges.',
    );
  });

  it('ignores the answer for a role that is no longer active', async () => {
    let answerFirst: (value: unknown) => void = () => undefined;
    vi.spyOn(http, 'get')
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(ok({ data: PRIVILEGES }));
    const store = freshStore();
    const first = store.dispatch(loadPrivileges({ role_id: 1 }));
    await store.dispatch(loadPrivileges({ role_id: 2 }));
    answerFirst(ok({ data: [] }));
    await first;
    expect(selectNavigationAccess(store.getState())).toMatchObject({
      privilegesRoleId: 2,
      privileges: PRIVILEGES,
    });
  });

  it('loads every menu (limit -1) and stores "Failed to fetch menus." on failure', async () => {
    const menus = [
      { menu_id: 2, menu_name: 'Learning', menu_parent_id: null, sort_order: 1, path: '/x', icon: null },
    ];
    const get = vi.spyOn(http, 'get').mockResolvedValueOnce(ok({ data: menus }));
    const store = freshStore();
    await store.dispatch(loadMenus());
    expect(get).toHaveBeenCalledWith('/operations/system/customMenus/getMenu', { params: { limit: -1 } });
    expect(selectNavigationAccess(store.getState())).toMatchObject({ menus, menusStatus: 'succeeded' });
    get.mockRejectedValueOnce(httpError(500));
    await store.dispatch(loadMenus());
    expect(selectNavigationAccess(store.getState())).toMatchObject({
      menus,
      menusStatus: 'failed',
      menusError: 'Failed to fetch menus.',
    });
  });

  it('loads the custom roles of the group memberships and stores "Failed to fetch custom roles." on failure', async () => {
    const roles = [{ role_id: 90, display_name: 'Reviewer', parent_user_id: 7, isCustom: true }];
    const get = vi.spyOn(http, 'get').mockResolvedValueOnce(ok({ data: roles }));
    const store = freshStore();
    await store.dispatch(loadCustomRoles());
    expect(get).toHaveBeenCalledWith('/api/user/privileges/getMyCustomRoles');
    expect(selectNavigationAccess(store.getState()).customRoles).toEqual(roles);
    get.mockRejectedValueOnce(httpError(500));
    await store.dispatch(loadCustomRoles());
    expect(selectNavigationAccess(store.getState()).customRolesError).toBe('Failed to fetch custom roles.');
  });

  it('reads a body without a data list as no rows', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(ok({}));
    const store = freshStore();
    await store.dispatch(loadPrivileges({ role_id: 3 }));
    expect(selectNavigationAccess(store.getState()).privileges).toEqual([]);
  });

  it('tells custom roles by their parent user', () => {
    expect(isCustomRole({ parent_user_id: 7 })).toBe(true);
    expect(isCustomRole({ isCustom: true })).toBe(true);
    expect(isCustomRole({ parent_user_id: null })).toBe(false);
    expect(isCustomRole({})).toBe(false);
  });
});
