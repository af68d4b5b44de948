import { internalPath } from './home-path';

/** sessionStorage key: the return-to path lives for the browser tab's session only (spec section 4). */
export const RETURN_TO_KEY = 'nexus:returnTo';

/** Paths that are part of signing in; returning to them after sign-in would loop. */
const NOT_A_DESTINATION = ['/login', '/auth', '/account-callback', '/sign-up', '/register'];

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isDestination(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return !NOT_A_DESTINATION.includes(pathname);
}

/** Remembers the private page a signed-out visitor asked for, so sign-in can bring them back. */
export function saveReturnTo(path: string): void {
  const safe = internalPath(path);
  if (!safe || !isDestination(safe)) return;
  try {
    storage()?.setItem(RETURN_TO_KEY, safe);
  } catch {
    // Storage full or disabled: the visitor lands by the role rules instead.
  }
}

/** The saved return-to path, if any, without consuming it. */
export function peekReturnTo(): string | undefined {
  const value = storage()?.getItem(RETURN_TO_KEY);
  return value && isDestination(value) ? internalPath(value) : undefined;
}

/** The saved return-to path, removed so it wins exactly once (spec section 4). */
export function takeReturnTo(): string | undefined {
  const value = peekReturnTo();
  clearReturnTo();
  return value;
}

export function clearReturnTo(): void {
  try {
    storage()?.removeItem(RETURN_TO_KEY);
  } catch {
    // Nothing to clear.
  }
}
