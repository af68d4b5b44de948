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
/** A decision made on this page before the policy version had arrived: stamped when it does. */
let decidedBeforeVersionKnown = false;

export function rememberPolicyVersion(version: number | null): void {
  currentPolicyVersion = version;
}

/** What this page load knows of the policy and of decisions made on it; tests start each case afresh. */
export function resetConsentSession(): void {
  currentPolicyVersion = null;
  decidedBeforeVersionKnown = false;
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
  if (decidedBeforeVersionKnown && current !== null && readCookieDecision() !== 'undecided') {
    // The person decided while the banner was already showing this policy: not an old decision.
    decidedBeforeVersionKnown = false;
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
  if (currentPolicyVersion === null) decidedBeforeVersionKnown = true;
  else storage()?.setItem(COOKIE_POLICY_VERSION_KEY, String(currentPolicyVersion));
  saveCookiePreferences(preferences);
}
