import { REGISTRATION_TYPES, TEMP_ROLE_ID } from '@nexus/contracts';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_MODULES } from '../../app/route-registry';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import OnboardingPage from './pages/OnboardingPage';

vi.mock('../../shared/ui/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 9, username: 'nia', roles: [{ role_id: TEMP_ROLE_ID, role_name: 'temp' }] },
  },
};

async function blockingViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

afterEach(() => vi.restoreAllMocks());

describe('every registration form page', () => {
  it.each(REGISTRATION_TYPES.map((type) => [type.path, type.roleType] as const))(
    '%s opens its form for %s, labelled, and passes axe',
    async (path, roleType) => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      // No form saved yet: the server answers data null, not a failing 404 (issue 23).
      const request = vi.spyOn(http, 'request').mockResolvedValue({ data: { data: null } } as AxiosResponse);
      const load = PAGE_MODULES[path];
      if (!load) throw new Error(`${path} is not registered`);
      const { default: Page } = await load();
      renderWithProviders(<Page />, { preloadedState: signedIn, route: path });
      expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/registration$/);
      expect(request.mock.calls[0]?.[0].url).toBe(`/api/registration/forms/getRegistration/${roleType}`);
      expect(await blockingViolations()).toEqual([]);
    },
    20_000,
  );

  it('the onboarding page passes axe', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderWithProviders(<OnboardingPage />, { preloadedState: signedIn, route: '/onboarding' });
    expect(await blockingViolations()).toEqual([]);
  });
});
