import { createMemoryRouter } from 'react-router';
import type { Persistor, PersistorState } from 'redux-persist';
import { describe, expect, it } from 'vitest';
import { persistedStateRestored, routerInitialized } from './initial-route';

describe('routerInitialized', () => {
  function fakeRouter(initialized: boolean) {
    const listeners = new Set<(state: { initialized: boolean }) => void>();
    const router = {
      state: { initialized },
      subscribe: (listener: (state: { initialized: boolean }) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const publish = (state: { initialized: boolean }) => {
      router.state = state;
      for (const listener of [...listeners]) listener(state);
    };
    return { router, publish, listeners };
  }

  it('resolves at once for a router without lazy routes to load', async () => {
    await expect(routerInitialized(fakeRouter(true).router)).resolves.toBeUndefined();
  });

  it('waits for the first route modules, then stops listening', async () => {
    const { router, publish, listeners } = fakeRouter(false);
    let done = false;
    const ready = routerInitialized(router).then(() => {
      done = true;
    });
    publish({ initialized: false });
    await Promise.resolve();
    expect(done).toBe(false);
    publish({ initialized: true });
    await ready;
    expect(done).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('resolves for a real router once its lazy page has loaded', async () => {
    const Page = () => null;
    let loaded = 0;
    const lazy = async () => {
      loaded += 1;
      return { Component: Page };
    };
    const router = createMemoryRouter([{ path: '/lxp', lazy }], {
      initialEntries: ['/lxp'],
    });
    expect(router.state.initialized).toBe(false);
    await routerInitialized(router);
    expect(router.state.initialized).toBe(true);
    expect(loaded).toBe(1);
    expect(router.state.errors).toBeNull();
    router.dispose();
  });
});

describe('persistedStateRestored', () => {
  function fakePersistor(bootstrapped: boolean) {
    let state = { bootstrapped } as PersistorState;
    const listeners = new Set<() => void>();
    const persistor = {
      getState: () => state,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as Persistor;
    const bootstrap = () => {
      state = { ...state, bootstrapped: true };
      for (const listener of [...listeners]) listener();
    };
    return { persistor, bootstrap, listeners };
  }

  it('resolves at once when the state is already restored', async () => {
    const { persistor } = fakePersistor(true);
    await expect(persistedStateRestored(persistor)).resolves.toBeUndefined();
  });

  it('waits for the restore, then stops listening', async () => {
    const { persistor, bootstrap, listeners } = fakePersistor(false);
    let done = false;
    const restored = persistedStateRestored(persistor).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    bootstrap();
    await restored;
    expect(done).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
