import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { renderWithProviders } from '../../test/render';
import { NewMessageDialog } from './components/NewMessageDialog';

const people = [
  { user_id: 8, name: 'Grace Hopper', username: 'grace', profile_image: null },
  { user_id: 9, name: 'Alan Turing', username: 'alan', profile_image: null },
];

function mockServer(refuse?: string) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    if (config.url?.endsWith('/getPeople')) {
      const search = String((config.params as { search?: string } | undefined)?.search ?? '').toLowerCase();
      return { data: { data: people.filter((p) => p.name.toLowerCase().includes(search)) } } as AxiosResponse;
    }
    if (config.url?.endsWith('/createConversation')) {
      if (refuse) {
        throw Object.assign(new Error('Forbidden'), {
          isAxiosError: true,
          response: { status: 403, data: { message: refuse, code: 'forbidden' } },
        });
      }
      return { data: { data: { conversation_id: 42 } } } as AxiosResponse;
    }
    throw new Error(`unexpected ${config.url}`);
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('NewMessageDialog', () => {
  it('lists reachable people with no search, filters by name, and starts a direct conversation', async () => {
    const calls = mockServer();
    const onOpened = vi.fn();
    renderWithProviders(<NewMessageDialog opened onClose={() => {}} onOpened={onOpened} />);
    expect(await screen.findByRole('checkbox', { name: 'Grace Hopper (@grace)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Alan Turing (@alan)' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'grace');
    await waitFor(() => expect(calls.some((c) => c.params?.search === 'grace')).toBe(true));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Grace Hopper (@grace)' }));
    expect(screen.queryByRole('checkbox', { name: /Alan/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
    await waitFor(() => expect(onOpened).toHaveBeenCalledWith(42));
    expect(calls.find((c) => c.url?.endsWith('/createConversation'))?.data).toEqual({ member_ids: [8] });
  });

  it('makes a group of several people and shows a refusal from the server', async () => {
    const calls = mockServer('You cannot send messages to this person: you share no organisation with them.');
    renderWithProviders(<NewMessageDialog opened onClose={() => {}} onOpened={() => {}} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Grace Hopper (@grace)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alan Turing (@alan)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Group name (optional)' }), 'Pioneers');
    await userEvent.click(screen.getByRole('button', { name: 'Start group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('you share no organisation with them');
    expect(calls.find((c) => c.url?.endsWith('/createConversation'))?.data).toEqual({
      member_ids: [8, 9],
      type: 'group',
      title: 'Pioneers',
    });
  });
});
