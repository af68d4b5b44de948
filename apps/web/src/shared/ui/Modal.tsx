import { Modal as MantineModal, useMatches } from '@mantine/core';
import { MODAL } from '@nexus/contracts';
import { type ReactNode, useEffect } from 'react';

const [xsWidth, smWidth, mdWidth, lgWidth, xlWidth] = MODAL.widthStepsPercent;

/**
 * Width by viewport (spec section 9 "Modal width steps 90, 80, 70, 60, 50 percent"): the wider the
 * screen, the narrower the share. Mantine breakpoints: below 36em 90 %, from 36em 80 %, from 48em
 * 70 %, from 62em 60 %, from 75em 50 %. Chosen by breakpoint, not by a prop, so every modal of the
 * product reads the same on the same device.
 */
export const MODAL_WIDTH_BY_BREAKPOINT = {
  base: `${xsWidth}%`,
  xs: `${smWidth}%`,
  sm: `${mdWidth}%`,
  md: `${lgWidth}%`,
  lg: `${xlWidth}%`,
} as const;

interface ModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

/**
 * The generic modal of spec section 2: closes on Escape or a backdrop click and locks page scroll
 * while open. Mantine supplies the focus trap, focus return and the scroll lock for wheel and
 * touch; the body overflow is also set explicitly so the lock holds for keyboard scrolling and is
 * visible to tests.
 */
export function Modal({ opened, onClose, title, children }: ModalProps) {
  const width = useMatches(MODAL_WIDTH_BY_BREAKPOINT);

  useEffect(() => {
    if (!opened) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [opened]);

  return (
    <MantineModal
      opened={opened}
      onClose={onClose}
      title={title}
      size={width}
      zIndex={MODAL.zIndex}
      closeOnEscape
      closeOnClickOutside
      lockScroll
      centered
      styles={{ content: { maxHeight: MODAL.maxHeight }, title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      data-testid="modal-root"
    >
      {children}
    </MantineModal>
  );
}
