import { PRIVACY_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import PrivacyPolicyPage from './pages/PrivacyPolicyPage';
import { platformAdminState, signedOutState } from './test-server';

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

const policy = `${PRIVACY_API}/getPrivacyPolicy`;
const renderPage = (state: object = signedOutState) =>
  renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy', preloadedState: state });

describe('/privacy-policy', () => {
  it('shows the version in effect to a signed-out reader and opens an earlier one', async () => {
    mockHttp()
      .get(policy, { data: answer })
      .get(`${policy}/1`, { data: v(1, '2026-01-01', '<p>The old text</p>') });
    renderPage();
    expect(await screen.findByText('Text 2')).toBeInTheDocument();
    expect(screen.getByText('Version 2, in effect since 1 February 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish a new version' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Version 1' }));
    expect(await within(await screen.findByRole('dialog')).findByText('The old text')).toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    mockHttp().get(policy, { data: { current: null, versions: [] } });
    const { unmount } = renderPage();
    expect(await screen.findByText('No privacy policy has been published yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    mockHttp().get(policy, httpError(500, 'Something went wrong on our side.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('lets a platform admin publish the next version', async () => {
    const server = mockHttp()
      .get(policy, { data: answer })
      .post(`${PRIVACY_API}/publishPrivacyPolicy`, { data: v(3, '2026-03-01') });
    renderPage(platformAdminState);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish a new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish a new version' });
    expect(within(dialog).getByRole('textbox', { name: /Version/ })).toHaveValue('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        version: 3,
        body: '<p>Text 2</p>',
      }),
    );
  });
});
