import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { LoadingOverlay } from './LoadingOverlay';

describe('LoadingOverlay (spec sections 2 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden until 150 ms have passed', () => {
    renderWithMantine(<LoadingOverlay />);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the pulsing image, decorative to assistive technology', () => {
    const { container } = renderWithMantine(<LoadingOverlay label="Signing you in" />);
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('status', { name: 'Signing you in' })).toBeInTheDocument();
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('src', '/nexus-mark.svg');
  });

  it('never appears when it is gone before the delay', () => {
    const { unmount } = renderWithMantine(<LoadingOverlay />);
    act(() => vi.advanceTimersByTime(100));
    unmount();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
