import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second; `restart` sets a new deadline (`running`
 * false starts at zero). Counts from
 * the clock rather than by decrements, so a throttled background tab still ends on time.
 */
export function useCountdown(seconds: number, running = true): { remaining: number; restart: () => void } {
  const [deadline, setDeadline] = useState(() => (running ? Date.now() + seconds * 1000 : 0));
  const left = useCallback(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)), [deadline]);
  const [remaining, setRemaining] = useState(left);

  useEffect(() => {
    setRemaining(left());
    const timer = window.setInterval(() => {
      const next = left();
      setRemaining(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  const restart = useCallback(() => setDeadline(Date.now() + seconds * 1000), [seconds]);
  return { remaining, restart };
}
