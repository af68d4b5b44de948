import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Same key as public/color-scheme.js, which applies the scheme before the first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'nexus-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above 4.5:1 contrast in the light scheme (axe, DESIGN section 6).
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});
