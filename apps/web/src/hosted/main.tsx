// Mantine's global sheets only; each component's sheet comes with the module that imports it
// (build/mantine-css.ts), so a page carries the styles of what it renders.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../app/theme';
import { HostedApp } from './HostedApp';
import { readHostedParams } from './hosted-params';

// The hosted sign-in pages (auth.html), served by the server at GET /auth/redirect after it has
// checked redirect_uri and answered silent=1 itself. No store, no router: this bundle stays small.
const params = readHostedParams(window.location.search, window.location.origin);

/**
 * Mantine's error red (red 6 on white, red 8 on dark) reads under 4.5:1 and these pages are mostly
 * forms with inline errors: red 9 and red 4 keep error text above 5:1 in both schemes (axe).
 */
const hostedVariables: CSSVariablesResolver = (theme) => {
  const base = cssVariablesResolver(theme);
  return {
    variables: base.variables,
    light: { ...base.light, '--mantine-color-error': 'var(--mantine-color-red-9)' },
    dark: { ...base.dark, '--mantine-color-error': 'var(--mantine-color-red-4)' },
  };
};

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from auth.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={hostedVariables}
    >
      <HostedApp params={params} />
    </MantineProvider>
  </StrictMode>,
);
