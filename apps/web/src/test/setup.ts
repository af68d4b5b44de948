import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, vi } from 'vitest';
import { http } from '../shared/api/http';

// findBy and waitFor give up after 1 s by default; on CI's two cores, shared with the server suites,
// a debounced search or a lazy chunk can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine calls (https://mantine.dev/guides/vitest/).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', { writable: true, value: vi.fn() });
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// No server answers component tests: a call a test did not stub fails at once as a network error,
// the way an unreachable API would, instead of trying localhost:3000 and printing its refusal.
http.defaults.adapter = async (config) => {
  throw new AxiosError(`No server in component tests: ${config.method} ${config.url}`, 'ERR_NETWORK', config);
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.style.overflow = '';
});
