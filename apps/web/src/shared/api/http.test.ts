import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus, http } from './http';

function axiosFailure(message: string, status?: number, data?: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = status === undefined ? undefined : { status, statusText: '', data, headers: {}, config };
  return new AxiosError(message, status ? 'ERR_BAD_RESPONSE' : 'ERR_NETWORK', config, {}, response);
}

describe('errorMessage (spec section 8)', () => {
  it('prefers the server response message', () => {
    const error = axiosFailure('Request failed with status code 404', 404, { message: 'User not found' });
    expect(errorMessage(error, 'Failed to fetch menus.')).toBe('User not found');
  });

  it('falls back to the error own message when the server sent none', () => {
    expect(errorMessage(axiosFailure('Request failed with status code 500', 500, {}), 'x')).toBe(
      'Request failed with status code 500',
    );
    expect(errorMessage(axiosFailure('Network Error'), 'x')).toBe('Network Error');
    expect(errorMessage(axiosFailure('timeout of 1000ms exceeded'), 'x')).toBe('timeout of 1000ms exceeded');
  });

  it('ignores a blank or non-string server message', () => {
    expect(errorMessage(axiosFailure('Network Error', 502, { message: '' }), 'x')).toBe('Network Error');
    expect(errorMessage(axiosFailure('Network Error', 502, { message: 42 }), 'x')).toBe('Network Error');
    expect(errorMessage(axiosFailure('Network Error', 502, '<html>bad gateway</html>'), 'x')).toBe(
      'Network Error',
    );
  });

  it('uses plain errors and strings, then the default', () => {
    expect(errorMessage(new Error('Popup blocked'), 'x')).toBe('Popup blocked');
    expect(errorMessage({ message: 'from a rejected thunk' }, 'x')).toBe('from a rejected thunk');
    expect(errorMessage('Logout failed', 'x')).toBe('Logout failed');
    expect(errorMessage(new Error(''), 'Logout failed')).toBe('Logout failed');
    expect(errorMessage(undefined, 'Failed to fetch menus.')).toBe('Failed to fetch menus.');
    expect(errorMessage(null, 'Failed to fetch menus.')).toBe('Failed to fetch menus.');
  });

  it('reads the status of a failed call', () => {
    expect(errorStatus(axiosFailure('Request failed with status code 401', 401, {}))).toBe(401);
    expect(errorStatus(axiosFailure('Network Error'))).toBeUndefined();
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });
});

describe('http instance (spec sections 7 and 9)', () => {
  it('sends credentials to the same origin with no timeout', () => {
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.timeout).toBe(0);
  });

  it('passes a 401 on as a rejection instead of redirecting', async () => {
    const before = window.location.href;
    const unauthorized = http.get('/auth/profile', {
      adapter: async (config) => {
        throw new AxiosError(
          'Request failed with status code 401',
          'ERR_BAD_REQUEST',
          config,
          {},
          {
            status: 401,
            statusText: 'Unauthorized',
            data: { message: 'Not signed in', code: 'UNAUTHORIZED' },
            headers: {},
            config,
          },
        );
      },
    });
    await expect(unauthorized).rejects.toMatchObject({ response: { status: 401 } });
    expect(window.location.href).toBe(before);
  });
});
