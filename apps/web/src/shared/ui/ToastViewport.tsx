import { useComputedColorScheme } from '@mantine/core';
import { TOAST } from '@nexus/contracts';
import { Slide, ToastContainer } from 'react-toastify';
import classes from './ToastViewport.module.css';

/**
 * Toasts as spec section 9 fixes them: top-right, 5000 ms, dragged away at 80 % of their width. They
 * slide in rather than bounce: the bounce fades the text in, and a toast caught mid-fade reads below
 * the contrast a page must keep.
 */
export default function ToastViewport() {
  const scheme = useComputedColorScheme('light');
  return (
    <ToastContainer
      position={TOAST.position}
      autoClose={TOAST.autoCloseMs}
      draggablePercent={TOAST.draggablePercent}
      theme={scheme}
      newestOnTop
      transition={Slide}
      className={classes.viewport}
    />
  );
}
