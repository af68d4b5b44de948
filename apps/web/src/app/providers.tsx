// Mantine's global sheets only; each component's sheet comes with the module that imports it
// (build/mantine-css.ts), so a page carries the styles of what it renders.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';
import type { AppStore } from './store';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
}

/**
 * Theme first (light, dark, or the system's choice by default), then the store; nothing renders
 * until the persisted slices are restored (spec section 4), behind the delayed loading overlay.
 */
export function Providers({ store, persistor, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Provider store={store}>
        {/* main.tsx renders once the state is restored; the gate is for any caller that does not wait. */}
        {persistor.getState().bootstrapped ? (
          children
        ) : (
          <PersistGate persistor={persistor} loading={<LoadingOverlay />}>
            {children}
          </PersistGate>
        )}
      </Provider>
    </MantineProvider>
  );
}
