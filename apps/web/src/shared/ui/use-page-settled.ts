import { useEffect, useState } from 'react';

/** Once one page has settled, every later frame (a route change, a remount) is settled at once. */
let settled = false;

/** Runs `task` once the first paint's work is over: an idle moment, or two seconds at the latest. */
function afterFirstWork(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 50);
  return () => window.clearTimeout(id);
}

/**
 * False until the page's own first work (its data, its render) is done. Header extras that are
 * live anyway (unread counts, the bell's toasts) wait for it, so the page a user came for paints and
 * answers first (issue 13: three counter requests on every private page cost /lxp its budget).
 */
export function usePageSettled(): boolean {
  const [isSettled, setSettled] = useState(settled);
  useEffect(() => {
    if (isSettled) return;
    return afterFirstWork(() => {
      settled = true;
      setSettled(true);
    });
  }, [isSettled]);
  return isSettled;
}
