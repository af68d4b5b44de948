import { describe, expect, it } from 'vitest';
import { readHostedParams } from './hosted-params';
import { readAuthPopupMessage } from './popup-protocol';

const ORIGIN = 'https://nexus.example';

describe('readHostedParams', () => {
  it('reads redirect_uri, action, display and state', () => {
    const params = readHostedParams(
      `?redirect_uri=${encodeURIComponent(`${ORIGIN}/account-callback`)}&action=update-profile&display=popup&state=x1`,
      ORIGIN,
    );
    expect(params).toEqual({
      redirectUri: `${ORIGIN}/account-callback`,
      action: 'update-profile',
      display: 'popup',
      state: 'x1',
    });
  });

  it('never returns to another origin or scheme (no open redirect)', () => {
    for (const uri of [
      'https://evil.example/x',
      'javascript:alert(1)',
      '//evil.example/x',
      'http://nexus.example/x',
    ])
      expect(readHostedParams(`?redirect_uri=${encodeURIComponent(uri)}`, ORIGIN).redirectUri).toBe(
        `${ORIGIN}/account-callback`,
      );
  });

  it('ignores an unknown action and display', () => {
    expect(readHostedParams('?action=delete&display=tab', ORIGIN)).toMatchObject({
      action: undefined,
      display: 'page',
    });
  });
});

describe('readAuthPopupMessage', () => {
  const data = { type: 'nexus:auth', status: 'success', action: 'register', state: 's' };

  it('accepts our message from our origin', () => {
    expect(readAuthPopupMessage({ origin: ORIGIN, data }, ORIGIN)).toEqual(data);
  });

  it('refuses another origin or another shape', () => {
    expect(readAuthPopupMessage({ origin: 'https://evil.example', data }, ORIGIN)).toBeNull();
    expect(readAuthPopupMessage({ origin: ORIGIN, data: { ...data, status: 'maybe' } }, ORIGIN)).toBeNull();
    expect(readAuthPopupMessage({ origin: ORIGIN, data: 'nexus:auth' }, ORIGIN)).toBeNull();
  });
});
