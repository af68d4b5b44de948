/**
 * Cookie consent storage (spec section 4): `cookieAccepted` 'true' means accepted, 'false' declined,
 * and the banner shows only while the value is absent. Per-category choices are kept beside it so
 * analytics and performance code can ask for their own category.
 */
export const COOKIE_ACCEPTED_KEY = 'cookieAccepted';
export const COOKIE_PREFERENCES_KEY = 'cookiePreferences';

export interface CookiePreferences {
  /** Always true: the session cookie is needed to sign in (spec section 7). */
  essential: true;
  performance: boolean;
  analytics: boolean;
}

export type CookieDecision = 'accepted' | 'declined' | 'undecided';

export const ALL_ALLOWED: CookiePreferences = { essential: true, performance: true, analytics: true };
export const ALL_DECLINED: CookiePreferences = { essential: true, performance: false, analytics: false };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readCookieDecision(): CookieDecision {
  const value = storage()?.getItem(COOKIE_ACCEPTED_KEY);
  if (value === 'true') return 'accepted';
  if (value === 'false') return 'declined';
  return 'undecided';
}

export function readCookiePreferences(): CookiePreferences {
  try {
    const raw = storage()?.getItem(COOKIE_PREFERENCES_KEY);
    if (!raw) return ALL_DECLINED;
    const parsed = JSON.parse(raw) as Partial<CookiePreferences>;
    return {
      essential: true,
      performance: parsed.performance === true,
      analytics: parsed.analytics === true,
    };
  } catch {
    return ALL_DECLINED;
  }
}

export function saveCookiePreferences(preferences: CookiePreferences): void {
  storage()?.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(preferences));
}

/** Records the decision and the category choices that go with it. */
export function saveCookieDecision(accepted: boolean, preferences: CookiePreferences): void {
  storage()?.setItem(COOKIE_ACCEPTED_KEY, String(accepted));
  saveCookiePreferences(preferences);
}
