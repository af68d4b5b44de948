import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUTH_PHASE,
  DEFAULT_MENU,
  DEFAULT_MESSAGE_TYPE,
  DEFAULT_ROLE_CONTEXT,
  LIST_DEFAULTS,
  LOADING_OVERLAY_DELAY_MS,
  MODAL,
  PERSISTED_SLICES,
  RELATIVE_DATE_THRESHOLDS_MIN,
  SIGN_IN_POPUP,
  SILENT_SIGN_IN_TIMEOUT_MS,
  SOCKET,
  TEMP_ROLE_ID,
  TENANT_USAGE_COUNTERS,
  TOAST,
  USER_SEARCH_DEFAULTS,
} from './constants';
import { readSpec } from './spec-text';

const spec = readSpec();
const section9 = spec.slice(spec.indexOf('\n', spec.indexOf('## 9. Business')));

describe('constants of spec section 9', () => {
  it('keeps the list and search defaults', () => {
    expect(LIST_DEFAULTS).toEqual({ page: 1, limit: 10, sortOrder: 'desc', allRows: -1 });
    expect(USER_SEARCH_DEFAULTS).toEqual({ page: 1, limit: 10 });
  });

  it('keeps every number the section names', () => {
    const numbers = [...section9.matchAll(/\b\d+\b/g)].map((match) => Number(match[0]));
    const ours = new Set<number>([
      TOAST.autoCloseMs,
      TOAST.draggablePercent,
      SILENT_SIGN_IN_TIMEOUT_MS,
      LOADING_OVERLAY_DELAY_MS,
      SIGN_IN_POPUP.width,
      SIGN_IN_POPUP.height,
      TEMP_ROLE_ID,
      ...Object.values(RELATIVE_DATE_THRESHOLDS_MIN),
      ...MODAL.widthStepsPercent,
      MODAL.zIndex,
      90,
      SOCKET.maxAddressLength,
      SOCKET.reconnectDelayMinMs / 1000,
      SOCKET.reconnectDelayMaxMs / 1000,
      SOCKET.connectTimeoutMs / 1000,
      LIST_DEFAULTS.page,
      LIST_DEFAULTS.limit,
      LIST_DEFAULTS.allRows * -1,
    ]);
    expect(numbers.filter((n) => !ours.has(n))).toEqual([]);
  });

  it('keeps the named defaults', () => {
    expect(TOAST.position).toBe('top-right');
    expect(DEFAULT_AUTH_PHASE).toBe('awakening');
    expect(DEFAULT_ROLE_CONTEXT).toBe('main_platform');
    expect(DEFAULT_MENU).toBe('Home');
    expect(DEFAULT_MESSAGE_TYPE).toBe('info');
    expect(TENANT_USAGE_COUNTERS).toEqual(['users', 'storage_gb', 'api_calls']);
    expect(MODAL.maxHeight).toBe('90vh');
    expect([...PERSISTED_SLICES].sort()).toEqual(
      ['account', 'assessment', 'auth', 'community', 'menu', 'modules', 'plan', 'study'].sort(),
    );
  });
});
