import { DEFAULT_MENU } from '@nexus/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3 "Other client state": selected menu (default Home, section 9) and submenu. */
export interface MenuState {
  selectedMenu: string;
  selectedSubmenu: string | null;
}

export const initialMenuState: MenuState = { selectedMenu: DEFAULT_MENU, selectedSubmenu: null };

export const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {
    menuSelected(state, action: PayloadAction<{ menu: string; submenu?: string | null }>) {
      state.selectedMenu = action.payload.menu;
      state.selectedSubmenu = action.payload.submenu ?? null;
    },
  },
});

export const { menuSelected } = menuSlice.actions;
