import type { Answers } from '@nexus/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec-free choice: long enough to save once per burst of typing, short enough to lose little on a crash. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | {
      kind: 'failed';
      message: string;
    };

/**
 * Saves the answers a moment after the last change. Each save sends every answer so far, so a lost
 * save is repaired by the next one; a save that returns after newer changes does not claim "Saved".
 * A change still waiting when the page unmounts is sent at once, so leaving never loses it.
 */
export function useAutosave(save: (answers: Answers) => Promise<unknown>) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<Answers | null>(null);
  const version = useRef(0);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const answers = latest.current;
    if (!answers) return;
    const mine = version.current;
    setState({ kind: 'saving' });
    try {
      await saveRef.current(answers);
      if (mine === version.current) {
        latest.current = null;
        setState({ kind: 'saved' });
      }
    } catch (error) {
      if (mine === version.current) {
        setState({ kind: 'failed', message: (error as { message?: string }).message ?? 'Request failed' });
      }
    }
  }, []);

  const schedule = useCallback(
    (answers: Answers) => {
      latest.current = answers;
      version.current += 1;
      setState({ kind: 'pending' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** Drops a waiting save, for the submission that sends the same answers itself. */
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    latest.current = null;
    version.current += 1;
    setState({ kind: 'idle' });
  }, []);

  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );

  return { state, schedule, cancel };
}
