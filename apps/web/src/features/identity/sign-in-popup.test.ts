import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignInPopup } from './sign-in-popup';

interface FakePopup {
  closed: boolean;
}

function fakeOpen(popup: FakePopup | null) {
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
}

function post(data: unknown, source: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

const success = { type: 'nexus:auth', status: 'success', action: 'signin' };

describe('openSignInPopup (spec sections 5, 7 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens the hosted page in a 500x600 window', () => {
    const open = fakeOpen({ closed: false });
    void openSignInPopup('/auth/redirect?x=1&display=popup');
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0]!;
    expect(url).toBe('/auth/redirect?x=1&display=popup');
    expect(name).toBe('nexus-auth');
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
  });

  it("rejects with 'Popup blocked' when the browser blocks it", async () => {
    fakeOpen(null);
    await expect(openSignInPopup('/auth/redirect')).rejects.toThrow('Popup blocked');
  });

  it('resolves with what the popup reports', async () => {
    const popup = { closed: false };
    fakeOpen(popup);
    const outcome = openSignInPopup('/auth/redirect');
    post(success, popup);
    await expect(outcome).resolves.toBe('success');
  });

  it('reports a cancel', async () => {
    const popup = { closed: false };
    fakeOpen(popup);
    const outcome = openSignInPopup('/auth/redirect');
    post({ ...success, status: 'cancelled' }, popup);
    await expect(outcome).resolves.toBe('cancelled');
  });

  it('ignores messages from another origin, another window or of another shape', async () => {
    const popup = { closed: false };
    fakeOpen(popup);
    const outcome = openSignInPopup('/auth/redirect');
    let settled = false;
    void outcome.then(() => (settled = true));
    post(success, popup, 'https://evil.example');
    post(success, { closed: false });
    post({ type: 'other', status: 'success' }, popup);
    await Promise.resolve();
    expect(settled).toBe(false);
    post(success, popup);
    await expect(outcome).resolves.toBe('success');
  });

  it('counts a closed window as cancelled', async () => {
    const popup = { closed: false };
    fakeOpen(popup);
    const outcome = openSignInPopup('/auth/redirect');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(600);
    await expect(outcome).resolves.toBe('cancelled');
  });
});
