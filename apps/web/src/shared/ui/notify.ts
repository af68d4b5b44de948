type ToastKind = 'success' | 'error' | 'info' | 'warning';

let requested = false;
const listeners = new Set<() => void>();

/** Lets the toast host mount its container the first time a toast is asked for. */
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastsRequested(): boolean {
  return requested;
}

/**
 * Shows a toast. react-toastify is fetched on first use so pages that never toast (/login) do not
 * download it; toasts raised before the container mounts are queued by react-toastify itself.
 * Use this rather than importing `toast` directly, or the container may never mount.
 */
async function show(kind: ToastKind, message: string): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await import('react-toastify');
  toast[kind](message);
}

/** The toast kinds the product uses; callers pass spec messages from @nexus/contracts. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
