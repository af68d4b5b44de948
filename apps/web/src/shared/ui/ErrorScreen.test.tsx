import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../../app/screens/RouteErrorPage';
import { renderWithMantine, renderWithProviders } from '../../test/render';
import { describeError, ErrorScreen } from './ErrorScreen';

function Broken(): never {
  throw new Error('Page exploded');
}

describe('ErrorScreen (spec section 2)', () => {
  it('reads the framework fallback text with the error message', () => {
    renderWithMantine(
      <ErrorScreen error={new Error('Cannot read properties of undefined')} homeHref="/login" />,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
  });

  it('offers a reload and a way home', async () => {
    const onReload = vi.fn();
    renderWithMantine(<ErrorScreen error="boom" homeHref="/user/home" onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(onReload).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/user/home');
  });

  it('describes route error responses and unknown values', () => {
    expect(describeError({ status: 404, statusText: 'Not Found', data: '' })).toBe('404 Not Found');
    expect(describeError({ message: 'plain object' })).toBe('plain object');
    expect(describeError(42)).toBe('Something went wrong. Please try again.');
  });

  it('catches what a route throws when used as the errorElement', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(null, {
      routes: [{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }],
    });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Page exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/login');
    vi.restoreAllMocks();
  });
});
