import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import PrivacyPolicyPage from './pages/PrivacyPolicyPage';
import { failure, mockServer, platformAdminState, signedOutState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const v = (version: number, effective: string, body = `<p>Text ${version}</p>`) => ({
  policy_id: version,
  version,
  effective_date: effective,
  summary: '',
  body,
  created_at: '2026-01-01T00:00:00+00:00',
});

const answer = {
  current: v(2, '2026-02-01'),
  versions: [v(2, '2026-02-01'), v(1, '2026-01-01')].map(({ body: _b, ...rest }) => rest),
};

const renderPage = (state: object = signedOutState) =>
  renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy', preloadedState: state });

describe('/privacy-policy', () => {
  it('shows the version in effect to a signed-out reader and opens an earlier one', async () => {
    mockServer((config) => {
      if (config.url?.endsWith('/getPrivacyPolicy/1'))
        return { data: v(1, '2026-01-01', '<p>The old text</p>') };
      return { data: answer };
    });
    renderPage();
    expect(await screen.findByText('Text 2')).toBeInTheDocument();
    expect(screen.getByText('Version 2, in effect since 1 February 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish a new version' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Version 1' }));
    expect(await within(await screen.findByRole('dialog')).findByText('The old text')).toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    mockServer(() => ({ data: { current: null, versions: [] } }));
    const { unmount } = renderPage();
    expect(await screen.findByText('No privacy policy has been published yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    mockServer(() => {
      throw failure(500, 'Something went wrong on our side.');
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('lets a platform admin publish the next version', async () => {
    const calls = mockServer((config) =>
      config.method === 'POST' ? { data: v(3, '2026-03-01') } : { data: answer },
    );
    renderPage(platformAdminState);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish a new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish a new version' });
    expect(within(dialog).getByRole('textbox', { name: /Version/ })).toHaveValue('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.data).toMatchObject({
        version: 3,
        body: '<p>Text 2</p>',
      }),
    );
  });
});
