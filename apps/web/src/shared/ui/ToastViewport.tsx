import { useComputedColorScheme } from '@mantine/core';
import { TOAST } from '@nexus/contracts';
import { ToastContainer } from 'react-toastify';

/** Toasts as spec section 9 fixes them: top-right, 5000 ms, dragged away at 80 % of their width. */
export default function ToastViewport() {
  const scheme = useComputedColorScheme('light');
  return (
    <ToastContainer
      position={TOAST.position}
      autoClose={TOAST.autoCloseMs}
      draggablePercent={TOAST.draggablePercent}
      theme={scheme}
      newestOnTop
    />
  );
}
