import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import InstituteViewPage from './pages/InstituteViewPage';
import MembershipPage from './pages/MembershipPage';
import SearchInstitutePage from './pages/SearchInstitutePage';
import TenantHomePage from './pages/TenantHomePage';

const riverside = { tenant_id: 1, tenant_type: 'institute', tenant_name: 'Riverside Institute' };
const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 3, username: 'iris', firstName: 'Iris', roles: [{ role_id: 2 }] },
    availableTenants: [riverside],
    currentRole: { role_id: 2, role_view: 'admin' as const },
  },
};

function answer(routes: Record<string, unknown>) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const key = Object.keys(routes).find((suffix) => config.url?.endsWith(suffix));
    if (!key) {
      const response = { status: 500, data: { message: 'Server down' } } as AxiosResponse;
      throw new AxiosError('x', 'ERR_BAD_RESPONSE', undefined, undefined, response);
    }
    return { data: routes[key] } as AxiosResponse;
  });
  return calls;
}

function render(path: string, route: string, element: ReactElement) {
  return renderWithProviders(null, { routes: [{ path, element }], route, preloadedState: signedIn });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/search-institute', () => {
  it('lists institutes, filters by name and links to the view', async () => {
    const calls = answer({
      '/getTenantsByType/institute': {
        data: [riverside, { tenant_id: 2, tenant_type: 'institute', tenant_name: 'Lakeside College' }],
      },
    });
    render('/search-institute', '/search-institute', <SearchInstitutePage />);
    expect(screen.getByLabelText('Loading institutes')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Riverside Institute/ })).toHaveAttribute(
      'href',
      '/institute-view?id=1',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search institutes' }), 'lake');
    expect(screen.queryByRole('link', { name: /Riverside/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Lakeside College/ })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search institutes' }), 'zzz');
    expect(screen.getByText('No institute matches your search')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('shows the error', async () => {
    answer({});
    render('/search-institute', '/search-institute', <SearchInstitutePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
  });
});

describe('/institute-view', () => {
  it('shows one institute', async () => {
    answer({ '/getTenant/1': { data: riverside } });
    render('/institute-view', '/institute-view?id=1', <InstituteViewPage />);
    expect(await screen.findByRole('heading', { name: 'Riverside Institute' })).toBeInTheDocument();
  });

  it('offers the institutes to choose from without an id', async () => {
    const calls = answer({ '/getTenantsByType/institute': { data: [riverside] } });
    render('/institute-view', '/institute-view', <InstituteViewPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose an institute' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Riverside Institute/ })).toHaveAttribute(
      'href',
      '/institute-view?id=1',
    );
    expect(calls.map((call) => call.url)).toEqual([expect.stringMatching(/\/getTenantsByType\/institute$/)]);
  });

  it('shows the error of the institutes without an id', async () => {
    answer({});
    render('/institute-view', '/institute-view', <InstituteViewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
  });
});

describe('/membership', () => {
  it('lists the user’s organisations linking to their homes', async () => {
    answer({ '/getUserTenants/3': { data: [riverside] } });
    render('/membership', '/membership', <MembershipPage />);
    expect(await screen.findByRole('link', { name: /Riverside Institute/ })).toHaveAttribute(
      'href',
      '/t/institute/Riverside%20Institute/user/home',
    );
  });

  it('shows the empty state', async () => {
    answer({ '/getUserTenants/3': { data: [] } });
    render('/membership', '/membership', <MembershipPage />);
    expect(await screen.findByText('You are not a member of any organisation yet')).toBeInTheDocument();
  });
});

describe('/t/{tenant_type}/{tenant_name}/user/home', () => {
  it('welcomes a member and offers the admin center to an admin view', () => {
    render(
      '/t/:tenant_type/:tenant_name/user/home',
      '/t/institute/Riverside%20Institute/user/home',
      <TenantHomePage />,
    );
    expect(screen.getByRole('heading', { name: 'Riverside Institute' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin center' })).toHaveAttribute(
      'href',
      '/t/institute/Riverside%20Institute/admin-center',
    );
  });

  it('says so to a non-member', () => {
    render('/t/:tenant_type/:tenant_name/user/home', '/t/incubator/Elsewhere/user/home', <TenantHomePage />);
    expect(screen.getByRole('alert')).toHaveTextContent('You are not a member of this organisation.');
  });
});
