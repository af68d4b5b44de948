import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { MODAL_WIDTH_BY_BREAKPOINT, Modal } from './Modal';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <Modal
        opened={opened}
        onClose={() => {
          onClose();
          setOpened(false);
        }}
        title="Edit profile"
      >
        <input aria-label="Name" />
      </Modal>
    </>
  );
}

describe('Modal (spec sections 2 and 9)', () => {
  it('closes on Escape', async () => {
    const onClose = vi.fn();
    renderWithMantine(<Harness onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const onClose = vi.fn();
    renderWithMantine(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(onClose).not.toHaveBeenCalled();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.mouseDown(overlay!);
    fireEvent.click(overlay!);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('locks page scroll while open and restores it on close', async () => {
    document.body.style.overflow = 'auto';
    renderWithMantine(<Harness />);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.body.style.overflow).toBe('auto'));
  });

  it('sits at z-index 99 with a 90vh maximum height', () => {
    renderWithMantine(<Harness />);
    const root = document.querySelector('.mantine-Modal-root') as HTMLElement;
    expect(
      root.style.getPropertyValue('--modal-z-index') || root.style.getPropertyValue('--mb-z-index'),
    ).toBe('99');
    const content = document.querySelector('.mantine-Modal-content') as HTMLElement;
    expect(content.style.maxHeight).toBe('90vh');
  });

  it('steps its width 90, 80, 70, 60, 50 percent from phone to desktop', () => {
    expect(Object.values(MODAL_WIDTH_BY_BREAKPOINT)).toEqual(['90%', '80%', '70%', '60%', '50%']);
    renderWithMantine(<Harness />);
    const root = document.querySelector('.mantine-Modal-root') as HTMLElement;
    // matchMedia never matches in jsdom, so the phone width applies.
    expect(root.style.getPropertyValue('--modal-size')).toBe('90%');
  });
});
