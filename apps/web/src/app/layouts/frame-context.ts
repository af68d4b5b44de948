import { createContext, useContext } from 'react';

/** True below the application frame: a screen rendered there must not draw a second frame. */
export const InFrameContext = createContext(false);

export function useInFrame(): boolean {
  return useContext(InFrameContext);
}
