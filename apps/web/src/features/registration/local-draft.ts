import type { FormValues } from './form-values';

/** A form kept in this browser, so a reload or a lost connection loses nothing. */
export interface LocalDraft {
  savedAt: string;
  values: FormValues;
}

/** One key per user and form: two people on one device never see each other's drafts. */
export function localDraftKey(userId: number, roleType: string): string {
  return `nexus.registration-draft.${userId}.${roleType}`;
}

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof parsed.savedAt !== 'string' || !parsed.values || typeof parsed.values !== 'object')
      return null;
    return { savedAt: parsed.savedAt, values: parsed.values };
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, values: FormValues): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // Storage full or disabled (private mode): the server draft still works.
  }
}

export function clearLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
