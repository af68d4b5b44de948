import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` in the build (build/mantine-use-id.ts). Mantine's version
 * replaces its first id with a random one in a layout effect after mount, so every input, menu and
 * tooltip renders a second time synchronously before the browser paints, and React must first run
 * every pending effect of the whole tree (the frame's data requests included). On /lxp that put some
 * 110 ms of a 4x-throttled phone's main thread between React's first commit and its first paint.
 * React's own id is unique within the root and stable from the first render on.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
