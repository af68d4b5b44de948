import { MESSAGES } from '@nexus/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { disableUser, findUser, isOtpVerified, updateUser } from './user-service';

const user = { user_id: 7, username: 'ada', roles: [] };

function axiosError(status: number) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data: { message: 'Not found', code: 'NOT_FOUND' } },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the user service', () => {
  it('looks a user up by numeric id, else by email', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: { data: user } });
    await findUser(7, ['user_id', 'roles']);
    expect(get).toHaveBeenLastCalledWith('/operations/global-user/users/getUser/7', {
      params: { fields: 'user_id,roles' },
    });
    await findUser('ada@example.test');
    expect(get).toHaveBeenLastCalledWith('/operations/global-user/users/getUser/ada%40example.test', {
      params: { email: 'ada@example.test' },
    });
  });

  it("raises 'User not found' (404) when the lookup misses", async () => {
    vi.spyOn(http, 'get').mockRejectedValue(axiosError(404));
    await expect(findUser('ghost@example.test')).rejects.toMatchObject({
      message: MESSAGES.userNotFound,
      status: 404,
    });
  });

  it('refuses to disable without a username, before any call', async () => {
    const put = vi.spyOn(http, 'put');
    for (const name of ['', '   ', null, undefined]) {
      await expect(disableUser(name)).rejects.toThrow(MESSAGES.usernameRequiredToDisable);
    }
    expect(put).not.toHaveBeenCalled();
    put.mockResolvedValue({ data: {} });
    await disableUser('ada');
    expect(put).toHaveBeenCalledWith('/operations/global-user/profile/users/ada/disable', {});
  });

  it('refreshes the access token after an update, and says so when that fails', async () => {
    vi.spyOn(http, 'put').mockResolvedValue({ data: { data: user } });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { access_token: 'abc' } } });
    await expect(updateUser(7, { firstName: 'Ada' })).resolves.toEqual(user);
    expect(localStorage.getItem('access_token')).toBe('abc');
    post.mockRejectedValue(axiosError(401));
    await expect(updateUser(7, { firstName: 'Ada' })).rejects.toThrow(MESSAGES.tokenRefreshAfterUpdateFailed);
  });

  it('reads otpVerified per user', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { data: { user_id: 7, otpVerified: true } } });
    expect(await isOtpVerified(7)).toBe(true);
  });
});
