/**
 * Cookie consent storage (spec section 4): `cookieAccepted` 'true' means accepted, 'false' declined,
 * and the banner shows only while the value is absent. Per-category choices are kept beside it so
 * analytics and performance code can ask for their own category.
 */
export const COOKIE_ACCEPTED_KEY = 'cookieAccepted';
export const COOKIE_PREFERENCES_KEY = 'cookiePreferences';
/**
 * The privacy-policy version a decision was made under (issue 22 point 5). When a newer version is in
 * effect, the stored decision is dropped, so the banner asks again by the spec's own rule (absent value).
 */
export const COOKIE_POLICY_VERSION_KEY = 'cookiePolicyVersion';

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

/** The policy version in effect as last read from the server; what a decision made now is made under. */
let currentPolicyVersion: number | null = null;
/**
 * Stored in place of a version for a decision made before the version arrived (a quick Accept on
 * /login, then the sign-in page): the next page that learns the version stamps it. Kept in storage,
 * not in memory, since the page that took the decision may be gone by then.
 */
const DECIDED_BEFORE_VERSION = 'pending';

export function rememberPolicyVersion(version: number | null): void {
  currentPolicyVersion = version;
}

/** What this page load knows of the policy; tests start each case afresh. */
export function resetConsentSession(): void {
  currentPolicyVersion = null;
}

/** The version a stored decision was made under; 0 for one made before versions were recorded. */
export function readConsentPolicyVersion(): number {
  const value = Number(storage()?.getItem(COOKIE_POLICY_VERSION_KEY) ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * True when a decision is stored but was made under an older privacy policy than `current` (null: no
 * policy published, nothing to re-ask).
 */
export function consentOutdated(current: number | null): boolean {
  if (current === null || readCookieDecision() === 'undecided') return false;
  return readConsentPolicyVersion() < current;
}

/** Drops a decision made under an older policy, so the banner shows again; answers whether it did. */
export function reconcileConsent(current: number | null): boolean {
  rememberPolicyVersion(current);
  const stored = storage()?.getItem(COOKIE_POLICY_VERSION_KEY);
  if (stored === DECIDED_BEFORE_VERSION && current !== null && readCookieDecision() !== 'undecided') {
    // Decided while the banner showed the policy in effect, before its version had arrived.
    storage()?.setItem(COOKIE_POLICY_VERSION_KEY, String(current));
    return false;
  }
  if (!consentOutdated(current)) return false;
  storage()?.removeItem(COOKIE_ACCEPTED_KEY);
  return true;
}

/** Records the decision, the category choices that go with it, and the policy version it was made under. */
export function saveCookieDecision(accepted: boolean, preferences: CookiePreferences): void {
  storage()?.setItem(COOKIE_ACCEPTED_KEY, String(accepted));
  storage()?.setItem(
    COOKIE_POLICY_VERSION_KEY,
    currentPolicyVersion === null ? DECIDED_BEFORE_VERSION : String(currentPolicyVersion),
  );
  saveCookiePreferences(preferences);
}
