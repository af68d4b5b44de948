import { describe, expect, it } from 'vitest';
import { api } from './api';
import { createAppStore } from './store';

describe('server cache', () => {
  it('is registered in the store once the api module is loaded', async () => {
    const { store, persistor } = createAppStore();
    persistor.pause();
    store.dispatch({ type: 'probe' });
    expect(store.getState().api).toBeDefined();
    const probe = api.injectEndpoints({
      endpoints: (build) => ({ probe: build.query<unknown, void>({ queryFn: () => ({ data: 'ok' }) }) }),
    });
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.data).toBe('ok');
  });
});
