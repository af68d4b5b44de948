import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { notify } from './notify';
import { Toasts } from './Toasts';

describe('Toasts (spec section 9)', () => {
  it('mounts on the first toast and shows it top-right', async () => {
    const { container } = renderWithMantine(<Toasts />);
    expect(container.querySelector('.Toastify')).toBeNull();
    await act(() => notify.error('Logout failed'));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });
});
