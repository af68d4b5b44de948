/** Every number of spec section 9, plus the server-side ceilings DESIGN section 4 asks for. */
export const LIST_DEFAULTS = { page: 1, limit: 10, sortOrder: 'desc', allRows: -1 } as const;
export const USER_SEARCH_DEFAULTS = { page: 1, limit: 10 } as const;

/** `limit=-1` returns every row up to this ceiling; above it the request is a clear 400. */
export const LIST_ALL_CEILING = 5000;
/** The largest explicit page size a client may ask for. */
export const LIST_MAX_LIMIT = 1000;
/**
 * Exact totals are counted up to this many rows (issue 13: a client pages by totalPages); above it the
 * total is the planner's estimate, flagged `totalExact: false`.
 */
export const EXACT_COUNT_THRESHOLD = 10_000;

export const TOAST = { autoCloseMs: 5000, position: 'top-right', draggablePercent: 80 } as const;

export const SILENT_SIGN_IN_TIMEOUT_MS = 3000;
export const LOADING_OVERLAY_DELAY_MS = 150;
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;

/** The seeded system role of platform administrators (DESIGN section 5: system roles have fixed ids). */
export const PLATFORM_ADMIN_ROLE_ID = 1;
export const TEMP_ROLE_ID = 19;
export const TEMP_ROLE_NAME = 'temp';
export const TEMP_ROLE_DISPLAY_NAME = 'Temp';

/** Relative-date thresholds in minutes: hour, day, month (30 days) and year (365 days). */
export const RELATIVE_DATE_THRESHOLDS_MIN = { hour: 60, day: 1440, month: 43200, year: 525600 } as const;

export const MODAL = { widthStepsPercent: [90, 80, 70, 60, 50], maxHeight: '90vh', zIndex: 99 } as const;

export const DEFAULT_AUTH_PHASE = 'awakening';
export const DEFAULT_ROLE_CONTEXT = 'main_platform';
export const DEFAULT_MENU = 'Home';
export const DEFAULT_MESSAGE_TYPE = 'info';

export const TENANT_USAGE_COUNTERS = ['users', 'storage_gb', 'api_calls'] as const;

export const SOCKET = {
  maxAddressLength: 8000,
  reconnectDelayMinMs: 1000,
  reconnectDelayMaxMs: 5000,
  connectTimeoutMs: 20000,
} as const;

/** The HTTP client has no timeout by default (spec section 9). */
export const HTTP_CLIENT_TIMEOUT_MS = 0;

/** Slices persisted to local storage and restored at start (spec section 4). */
export const PERSISTED_SLICES = [
  'auth',
  'assessment',
  'plan',
  'modules',
  'menu',
  'community',
  'account',
  'study',
] as const;
