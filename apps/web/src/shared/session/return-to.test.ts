import { afterEach, describe, expect, it } from 'vitest';
import { clearReturnTo, peekReturnTo, RETURN_TO_KEY, saveReturnTo, takeReturnTo } from './return-to';

describe('return-to path (spec section 4)', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept for the browser session and taken once', () => {
    saveReturnTo('/calendar?view=week#today');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/calendar?view=week#today');
    expect(peekReturnTo()).toBe('/calendar?view=week#today');
    expect(takeReturnTo()).toBe('/calendar?view=week#today');
    expect(takeReturnTo()).toBeUndefined();
  });

  it('keeps the latest private page asked for', () => {
    saveReturnTo('/messages');
    saveReturnTo('/notifications');
    expect(peekReturnTo()).toBe('/notifications');
  });

  it('never keeps the sign-in pages themselves', () => {
    for (const path of [
      '/login',
      '/auth',
      '/account-callback?error=login_required',
      '/sign-up',
      '/register',
    ]) {
      saveReturnTo(path);
      expect(peekReturnTo()).toBeUndefined();
    }
  });

  it('never keeps or returns another site', () => {
    saveReturnTo('//evil.example/phish');
    expect(peekReturnTo()).toBeUndefined();
    sessionStorage.setItem(RETURN_TO_KEY, 'https://evil.example');
    expect(takeReturnTo()).toBeUndefined();
  });

  it('can be cleared', () => {
    saveReturnTo('/messages');
    clearReturnTo();
    expect(peekReturnTo()).toBeUndefined();
  });
});
