import { LOADING_OVERLAY_DELAY_MS } from '@nexus/contracts';
import { useEffect, useState } from 'react';
import classes from './LoadingOverlay.module.css';

interface LoadingOverlayProps {
  label?: string;
}

/**
 * Full-screen pulsing image shown while authentication or a page is resolving (spec section 2).
 * It appears only after LOADING_OVERLAY_DELAY_MS (spec section 9) so fast loads never flash it.
 */
export function LoadingOverlay({ label = 'Loading' }: LoadingOverlayProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), LOADING_OVERLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <div className={classes.root} role="status" aria-live="polite" aria-label={label}>
      <img className={classes.image} src="/nexus-mark.svg" alt="" width={72} height={72} />
    </div>
  );
}
