import { MESSAGES } from '@nexus/contracts';
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/root-reducer';
import type { SessionRole } from '../../shared/session/types';

/** Spec section 3 "Privilege": a menu the active role is granted. */
export interface Privilege {
  privilege_menu_id: number;
  menu_name: string;
  menu_parent_name: string | null;
}

/** A row of GET system/customMenus/getMenu (spec section 3 "Menu" plus order, route and icon). */
export interface MenuRow {
  menu_id: number;
  menu_name: string;
  menu_parent_id: number | null;
  sort_order?: number | null;
  path?: string | null;
  icon?: string | null;
}

export const MY_PRIVILEGES_PATH = '/api/user/privileges/getMyPrivileges';
export const MY_CUSTOM_ROLES_PATH = '/api/user/privileges/getMyCustomRoles';
export const MENUS_PATH = '/operations/system/customMenus/getMenu';

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * What the active role may open (spec section 6), kept apart from the persisted menu slice: it is
 * server data, fetched again for each session and role. Failures store the spec section 8 message.
 */
export interface NavigationAccessState {
  /** The role the privileges belong to; null before the first load. */
  privilegesRoleId: number | null;
  privileges: Privilege[] | null;
  privilegesStatus: LoadStatus;
  privilegesError: string | null;
  menus: MenuRow[] | null;
  menusStatus: LoadStatus;
  menusError: string | null;
  customRoles: SessionRole[];
  customRolesError: string | null;
}

export const initialNavigationAccessState: NavigationAccessState = {
  privilegesRoleId: null,
  privileges: null,
  privilegesStatus: 'idle',
  privilegesError: null,
  menus: null,
  menusStatus: 'idle',
  menusError: null,
  customRoles: [],
  customRolesError: null,
};

/** Spec section 6: a custom role is one with a parent user. */
export function isCustomRole(role: Pick<SessionRole, 'parent_user_id' | 'isCustom'>): boolean {
  return (role.parent_user_id ?? null) !== null || role.isCustom === true;
}

function rows<T>(body: unknown): T[] {
  const data = (body as { data?: unknown })?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

async function client() {
  return (await import('../../shared/api/http')).http;
}

/** The spec section 8 load messages the server may answer with (docs/permissions.md). */
const LOAD_MESSAGES: ReadonlySet<string> = new Set([
  MESSAGES.systemRolePrivilegesFailed,
  MESSAGES.customRolePrivilegesFailed,
  MESSAGES.menusFailed,
  MESSAGES.menuParentsFailed,
  MESSAGES.userRolesFailed,
  MESSAGES.customRolesFailed,
  MESSAGES.parentUsersFailed,
]);

/**
 * The message a failed load stores: the server's, when it is one of the spec's load messages (the
 * server knows which step failed, e.g. 'Failed to fetch user roles.'), otherwise this load's own.
 */
async function loadFailure(error: unknown, fallback: string): Promise<string> {
  const { errorMessage } = await import('../../shared/api/http');
  const message = errorMessage(error, fallback);
  return LOAD_MESSAGES.has(message) ? message : fallback;
}

/**
 * Spec section 6: the privileges of the active role. The server reads the system-role list or the
 * custom-role list (joined with menu and parent menu names) by the kind of role; the failure message
 * is the one of that list (spec section 8).
 */
export const loadPrivileges = createAsyncThunk<
  Privilege[],
  Pick<SessionRole, 'role_id' | 'parent_user_id' | 'isCustom'>,
  { rejectValue: string }
>('navigationAccess/loadPrivileges', async (role, { rejectWithValue }) => {
  try {
    const http = await client();
    const response = await http.get(MY_PRIVILEGES_PATH, { params: { role_id: role.role_id } });
    return rows<Privilege>(response.data);
  } catch (error) {
    return rejectWithValue(
      await loadFailure(
        error,
        isCustomRole(role) ? MESSAGES.customRolePrivilegesFailed : MESSAGES.systemRolePrivilegesFailed,
      ),
    );
  }
});

/** Spec section 6: custom roles come from the user's non-deleted group memberships. */
export const loadCustomRoles = createAsyncThunk<SessionRole[], void, { rejectValue: string }>(
  'navigationAccess/loadCustomRoles',
  async (_arg, { rejectWithValue }) => {
    try {
      const http = await client();
      return rows<SessionRole>((await http.get(MY_CUSTOM_ROLES_PATH)).data);
    } catch (error) {
      return rejectWithValue(await loadFailure(error, MESSAGES.customRolesFailed));
    }
  },
);

/** Every menu entry (limit -1, spec section 9), for routes, order and parents. */
export const loadMenus = createAsyncThunk<MenuRow[], void, { rejectValue: string }>(
  'navigationAccess/loadMenus',
  async (_arg, { rejectWithValue }) => {
    try {
      const http = await client();
      return rows<MenuRow>((await http.get(MENUS_PATH, { params: { limit: -1 } })).data);
    } catch (error) {
      return rejectWithValue(await loadFailure(error, MESSAGES.menusFailed));
    }
  },
);

export const navigationAccessSlice = createSlice({
  name: 'navigationAccess',
  initialState: initialNavigationAccessState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadPrivileges.pending, (state, action) => {
        state.privilegesStatus = 'loading';
        state.privilegesError = null;
        if (state.privilegesRoleId !== action.meta.arg.role_id) state.privileges = null;
        state.privilegesRoleId = action.meta.arg.role_id;
      })
      .addCase(loadPrivileges.fulfilled, (state, action) => {
        if (state.privilegesRoleId !== action.meta.arg.role_id) return; // a later role won
        state.privileges = action.payload;
        state.privilegesStatus = 'succeeded';
      })
      .addCase(loadPrivileges.rejected, (state, action) => {
        if (state.privilegesRoleId !== action.meta.arg.role_id) return;
        state.privileges = null;
        state.privilegesStatus = 'failed';
        state.privilegesError = action.payload ?? MESSAGES.systemRolePrivilegesFailed;
      })
      .addCase(loadMenus.pending, (state) => {
        state.menusStatus = 'loading';
        state.menusError = null;
      })
      .addCase(loadMenus.fulfilled, (state, action) => {
        state.menus = action.payload;
        state.menusStatus = 'succeeded';
      })
      .addCase(loadMenus.rejected, (state, action) => {
        state.menusStatus = 'failed';
        state.menusError = action.payload ?? MESSAGES.menusFailed;
      })
      .addCase(loadCustomRoles.pending, (state) => {
        state.customRolesError = null;
      })
      .addCase(loadCustomRoles.fulfilled, (state, action) => {
        state.customRoles = action.payload;
      })
      .addCase(loadCustomRoles.rejected, (state, action) => {
        state.customRolesError = action.payload ?? MESSAGES.customRolesFailed;
      });
  },
});

declare module '../../app/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof navigationAccessSlice> {}
}

/**
 * Injected when the frame first loads (the public pages never need it). `selectNavigationAccess`
 * answers the initial state until then.
 */
export const injectedNavigationAccess = navigationAccessSlice.injectInto(rootReducer);
export const selectNavigationAccess = injectedNavigationAccess.selectSlice;
